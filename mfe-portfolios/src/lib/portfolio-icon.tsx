import type { SVGProps } from 'react';

/**
 * The symbol a person picks for a portfolio, drawn as a line icon like the design system's own
 * (issue 22: emoji drew as empty boxes where no emoji font is installed). An unknown name draws
 * the folder.
 */
const PATHS: Record<string, string> = {
  folder: 'M3 7a2 2 0 0 1 2-2h4l2 2h8a2 2 0 0 1 2 2v9a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2z',
  briefcase: 'M4 7h16a1 1 0 0 1 1 1v11a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1V8a1 1 0 0 1 1-1zM9 7V5a1 1 0 0 1 1-1h4a1 1 0 0 1 1 1v2M3 13h18',
  home: 'M3 11.5 12 4l9 7.5M5.5 9.5V20h13V9.5M10 20v-5h4v5',
  plane: 'M10.5 20.5 12 15l5 3 1.5-1.5-3.5-5 4-4a1.8 1.8 0 0 0-2.5-2.5l-4 4-5-3.5L6 7l3 5-5.5 1.5L2 15l4 1 1 4z',
  heart: 'M12 20s-7-4.4-7-10a4 4 0 0 1 7-2.6A4 4 0 0 1 19 10c0 5.6-7 10-7 10z',
  car: 'M5 16h14M6.5 16V19M17.5 16V19M4 16v-4l2-5h12l2 5v4M4 12h16M7.5 14h.01M16.5 14h.01',
  receipt: 'M6 3h12v18l-3-2-3 2-3-2-3 2zM9 8h6M9 12h6M9 16h4',
  shield: 'M12 3 5 6v5c0 4.5 3 8.3 7 10 4-1.7 7-5.5 7-10V6z',
  star: 'm12 3 2.8 5.7 6.2.9-4.5 4.4 1 6.2L12 17.3 6.5 20.2l1-6.2L3 9.6l6.2-.9z',
  graduation: 'M2 9l10-5 10 5-10 5zM6 11v5c0 1.5 2.7 3 6 3s6-1.5 6-3v-5M22 9v6',
};

export function PortfolioGlyph({ icon, ...props }: SVGProps<SVGSVGElement> & { icon: string }) {
  return (
    <svg className="portfolio-glyph" viewBox="0 0 24 24" width="18" height="18" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false" {...props}>
      <path d={PATHS[icon] ?? PATHS.folder} />
    </svg>
  );
}
