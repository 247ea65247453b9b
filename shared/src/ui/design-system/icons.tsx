import type { SVGProps } from 'react';

/** The few line icons the primitives draw themselves (decorative: always aria-hidden). */
function Icon({ children, ...props }: SVGProps<SVGSVGElement>) {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false" {...props}>
      {children}
    </svg>
  );
}

export const CloseIcon = (props: SVGProps<SVGSVGElement>) => (
  <Icon {...props}>
    <path d="M18 6 6 18M6 6l12 12" />
  </Icon>
);
export const CheckIcon = (props: SVGProps<SVGSVGElement>) => (
  <Icon strokeWidth="3" {...props}>
    <path d="m5 12 5 5L20 7" />
  </Icon>
);
export const MinusIcon = (props: SVGProps<SVGSVGElement>) => (
  <Icon strokeWidth="3" {...props}>
    <path d="M5 12h14" />
  </Icon>
);
export const ChevronDownIcon = (props: SVGProps<SVGSVGElement>) => (
  <Icon {...props}>
    <path d="m6 9 6 6 6-6" />
  </Icon>
);
export const BackIcon = (props: SVGProps<SVGSVGElement>) => (
  <Icon {...props}>
    <path d="M15 18l-6-6 6-6" />
  </Icon>
);
export const MoreIcon = (props: SVGProps<SVGSVGElement>) => (
  <Icon {...props}>
    <circle cx="5" cy="12" r="1.5" />
    <circle cx="12" cy="12" r="1.5" />
    <circle cx="19" cy="12" r="1.5" />
  </Icon>
);
export const DocumentIcon = (props: SVGProps<SVGSVGElement>) => (
  <Icon {...props}>
    <path d="M14 3H7a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2V8z" />
    <path d="M14 3v5h5M9 13h6M9 17h6" />
  </Icon>
);
export const PlusIcon = (props: SVGProps<SVGSVGElement>) => (
  <Icon {...props}>
    <path d="M12 5v14M5 12h14" />
  </Icon>
);
export const FolderIcon = (props: SVGProps<SVGSVGElement>) => (
  <Icon {...props}>
    <path d="M3 7a2 2 0 0 1 2-2h4l2 2h8a2 2 0 0 1 2 2v9a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2z" />
  </Icon>
);
export const ImageIcon = (props: SVGProps<SVGSVGElement>) => (
  <Icon {...props}>
    <rect x="3" y="3" width="18" height="18" rx="2" />
    <circle cx="9" cy="9" r="2" />
    <path d="m21 15-5-5L5 21" />
  </Icon>
);
export const SpreadsheetIcon = (props: SVGProps<SVGSVGElement>) => (
  <Icon {...props}>
    <rect x="3" y="3" width="18" height="18" rx="2" />
    <path d="M3 9h18M3 15h18M9 3v18" />
  </Icon>
);
export const FileIcon = (props: SVGProps<SVGSVGElement>) => (
  <Icon {...props}>
    <path d="M14 3H7a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2V8z" />
    <path d="M14 3v5h5" />
  </Icon>
);
export const DownloadIcon = (props: SVGProps<SVGSVGElement>) => (
  <Icon {...props}>
    <path d="M12 3v12M7 10l5 5 5-5M5 21h14" />
  </Icon>
);

/**
 * The icon of a kind of file, by its MIME type — what shows when there is no thumbnail, or the
 * thumbnail failed (issue 22: never an emoji, which draws as an empty box without an emoji font).
 */
export function FileTypeIcon({ mimeType, ...props }: SVGProps<SVGSVGElement> & { mimeType: string }) {
  if (mimeType === 'application/vnd.google-apps.folder') return <FolderIcon {...props} />;
  if (mimeType.startsWith('image/')) return <ImageIcon {...props} />;
  if (/spreadsheet|excel|csv|sheet/.test(mimeType)) return <SpreadsheetIcon {...props} />;
  if (mimeType === 'application/pdf' || /word|document|text\//.test(mimeType)) return <DocumentIcon {...props} />;
  return <FileIcon {...props} />;
}
