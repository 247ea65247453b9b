import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { DriveFile, DriveFolder } from '../../drive/drive-client';
import { DriveFileRow, DriveFolderRow } from './drive-rows';

const file = (over: Partial<DriveFile> = {}): DriveFile =>
  ({ id: 'f1', name: 'scan.pdf', mimeType: 'application/pdf', modifiedTime: '2026-11-01T10:00:00Z', size: '2048', ...over }) as DriveFile;

describe('Drive browser rows (issue 22)', () => {
  it("shows the file's thumbnail, and its file-type icon — not a broken image — when the thumbnail fails", () => {
    const { container } = render(
      <ul>
        <DriveFileRow file={file({ thumbnailLink: 'http://drive.test/thumb/f1' })} details="PDF" selected={false} onToggle={() => undefined} />
      </ul>,
    );
    const img = container.querySelector('img.drive-thumb');
    expect(img).toHaveAttribute('src', 'http://drive.test/thumb/f1');
    fireEvent.error(img!);
    expect(container.querySelector('img')).toBeNull();
    expect(screen.getByTestId('drive-type-icon').querySelector('svg')).not.toBeNull();
  });

  it('a file without a thumbnail shows an SVG icon, never an emoji', () => {
    const { container } = render(
      <ul>
        <DriveFileRow file={file()} details="PDF" selected={false} onToggle={() => undefined} />
      </ul>,
    );
    expect(container.querySelector('svg')).not.toBeNull();
    expect(container.textContent).not.toMatch(/\p{Extended_Pictographic}/u);
  });

  it('a folder opens with one tap on its row; importing it is its own trailing button', async () => {
    const onOpen = jest.fn();
    const onImport = jest.fn();
    const folder = { id: 'd1', name: 'Insurance' } as DriveFolder;
    render(
      <ul>
        <DriveFolderRow folder={folder} counting={false} onOpen={onOpen} onImport={onImport} />
      </ul>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Insurance' }));
    expect(onOpen).toHaveBeenCalledTimes(1);
    expect(onImport).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Import folder Insurance' }));
    expect(onImport).toHaveBeenCalledTimes(1);
  });
});
