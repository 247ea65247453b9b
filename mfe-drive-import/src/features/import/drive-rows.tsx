import { useState } from 'react';
import { Button, FileTypeIcon, FolderIcon, DownloadIcon } from '@dossier/shared/ui';
import { Checkbox } from '@dossier/shared/ui/controls';
import type { DriveFile, DriveFolder } from '../../drive/drive-client';

/**
 * The Drive browser's rows as Drive draws them (issue 22): an icon or thumbnail, the name, a
 * details line. A folder opens with one tap on its row; importing it is the trailing button.
 */

/** A file's thumbnail, or its file-type icon when it has none or the thumbnail does not load. */
export function DriveThumbnail({ file }: { file: DriveFile }) {
  const [failed, setFailed] = useState(false);
  if (file.thumbnailLink && !failed) {
    return <img className="drive-thumb" src={file.thumbnailLink} alt="" loading="lazy" referrerPolicy="no-referrer" onError={() => setFailed(true)} />;
  }
  return (
    <span className="drive-thumb drive-thumb--icon" aria-hidden="true" data-testid="drive-type-icon">
      <FileTypeIcon mimeType={file.mimeType} />
    </span>
  );
}

export function DriveFolderRow({ folder, counting, onOpen, onImport }: { folder: DriveFolder; counting: boolean; onOpen: () => void; onImport: () => void }) {
  return (
    <li className="drive-row">
      {/* Named by the folder alone: the list is "Folders", and voice control says "open Receipts". */}
      <button type="button" className="drive-row__open" onClick={onOpen} aria-label={folder.name}>
        <span className="drive-thumb drive-thumb--icon drive-thumb--folder" aria-hidden="true">
          <FolderIcon />
        </span>
        <span className="drive-row__label">
          <span className="drive-row__name">{folder.name}</span>
          <span className="drive-muted">Folder</span>
        </span>
      </button>
      <Button size="sm" variant="ghost" icon={<DownloadIcon />} loading={counting} onClick={onImport} aria-label={`Import folder ${folder.name}`}>
        Import
      </Button>
    </li>
  );
}

export function DriveFileRow({ file, details, selected, onToggle }: { file: DriveFile; details: string; selected: boolean; onToggle: (selected: boolean) => void }) {
  return (
    <li className="drive-row">
      <DriveThumbnail file={file} />
      <Checkbox
        checked={selected}
        onCheckedChange={(v) => onToggle(v === true)}
        label={
          <span className="drive-row__label">
            <span className="drive-row__name">{file.name}</span>
            <span className="drive-muted">{details}</span>
          </span>
        }
      />
    </li>
  );
}
