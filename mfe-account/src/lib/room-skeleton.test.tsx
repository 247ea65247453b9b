import { render, screen } from '@testing-library/react';
import { RoomSkeleton } from './room-skeleton';

describe('RoomSkeleton', () => {
  it('is a busy status named for what loads, keeping the room (phone and wide) through the design system classes, and still says the loading text', () => {
    render(<RoomSkeleton label="Loading your plan" text="Loading your plan…" room={{ phone: '37rem', wide: '34rem' }} lines={4} />);
    const status = screen.getByRole('status', { name: 'Loading your plan' });
    expect(status).toHaveAttribute('aria-busy', 'true');
    expect(status).toHaveClass('ds-widget-placeholder', 'ds-widget-room');
    expect(status.style.getPropertyValue('--ds-widget-room')).toBe('34rem');
    expect(status.style.getPropertyValue('--ds-widget-room-phone')).toBe('37rem');
    expect(status).toHaveTextContent('Loading your plan…');
    expect(status.querySelectorAll('.ds-skeleton--text')).toHaveLength(4);
    expect(status.querySelectorAll('.ds-widget-placeholder__heading')).toHaveLength(1);
  });

  it("says 'Loading...' unless told, and can stand in for one line of text without a heading bar", () => {
    render(<RoomSkeleton label="Loading your passkeys" room={{ phone: '1.35rem', wide: '1.35rem' }} heading={false} lines={1} style={{ marginBlock: '0.9rem' }} />);
    const status = screen.getByRole('status', { name: 'Loading your passkeys' });
    expect(status).toHaveTextContent('Loading...');
    expect(status.querySelector('.ds-widget-placeholder__heading')).toBeNull();
    expect(status.style.marginBlock).toBe('0.9rem');
  });
});
