import { DRIVE_FOLDER_NAMES, DRIVE_MESSAGES, DriveError, ValidationError } from '@dossier/shared/core';
import type { DriveClient, DriveFolder } from './drive-client';
import { folderNameMatches, portfolioFolderName, resolveNameConflict } from './folder-names';

/** SPEC §3 folder structure. */
export interface FolderStructure {
  appFolderId: string;
  portfolioFolders: Record<string, DriveFolder>;
  uncategorizedFolderId: string;
}

/** SPEC §3 drive upload result. */
export interface DriveUploadResult {
  fileId: string;
  fileName: string;
  fileSize: number;
  driveFilePath: string;
  portfolioFolderId: string;
}

export interface PortfolioRef {
  id: string;
  name: string;
}

/** Folders carry their portfolio's id here, so a renamed or conflicting name is still found again. */
const markerFor = (portfolioId: string) => `dossier:portfolio:${portfolioId}`;
const UNCATEGORIZED_MARKER = 'dossier:uncategorized';
const APP_MARKER = 'dossier:app-root';

function wrap(error: unknown, message: string, operation: string): never {
  // A drive error keeps its kind; a refused name keeps SPEC §5's text.
  if (error instanceof DriveError || error instanceof ValidationError) throw error;
  throw new DriveError('unknown', message, { operation, folder: true }, { details: error });
}

/**
 * The portfolio mirror in Drive (SPEC §1/§3/§5): 'Dossier' at the root, 'Portfolio: {name}' per
 * portfolio inside it, 'Uncategorized' for the rest. Everything is found again by listing (name
 * and the folder's description marker), so a second device never creates a second tree.
 */
export class FolderMirror {
  constructor(private readonly drive: DriveClient) {}

  async appFolder(): Promise<DriveFolder> {
    return (await this.findAppFolder()) ?? this.drive.createFolder(DRIVE_FOLDER_NAMES.appRoot, 'root', APP_MARKER);
  }

  /** The app folder when it exists; never created here. */
  async findAppFolder(): Promise<DriveFolder | null> {
    const candidates = (await this.drive.listFolders('root')).filter((f) => f.name === DRIVE_FOLDER_NAMES.appRoot);
    return candidates.find((f) => f.description === APP_MARKER) ?? candidates[0] ?? null;
  }

  /**
   * Issue 12 §5, wherever the rename was done (ADR 0196): every portfolio folder whose portfolio
   * now has another name is renamed (conflicts as SPEC §5). The portfolios table is the truth and
   * each folder carries its portfolio's id, so nothing needs remembering between runs: a rename
   * made while Drive was disconnected, or on another device, is found on the next run. Creates
   * nothing; folders of deleted portfolios are left as they are. Answers what was renamed.
   */
  async syncFolderNames(portfolios: readonly PortfolioRef[]): Promise<Array<{ portfolioId: string; from: string; to: string }>> {
    const app = await this.findAppFolder();
    if (!app) return [];
    const folders = await this.listPortfolioFolders(app.id);
    const renamed: Array<{ portfolioId: string; from: string; to: string }> = [];
    for (const portfolio of portfolios) {
      const i = folders.findIndex((f) => f.description === markerFor(portfolio.id));
      if (i === -1 || folderNameMatches(folders[i].name, portfolio.name)) continue;
      const from = folders[i].name;
      const next = await this.renameTo(app.id, folders[i], portfolioFolderName(portfolio.name), folders);
      renamed.push({ portfolioId: portfolio.id, from, to: next.name });
      folders[i] = next;
    }
    return renamed;
  }

  async uncategorizedFolder(appFolderId: string): Promise<DriveFolder> {
    try {
      const existing = (await this.drive.listFolders(appFolderId)).find((f) => f.name === DRIVE_FOLDER_NAMES.uncategorized);
      return existing ?? (await this.drive.createFolder(DRIVE_FOLDER_NAMES.uncategorized, appFolderId, UNCATEGORIZED_MARKER));
    } catch (error) {
      return wrap(error, DRIVE_MESSAGES.createUncategorizedFolderFailed, 'folderCreation');
    }
  }

  /** SPEC §7: folders in the app folder whose name contains 'Portfolio:', by name. */
  async listPortfolioFolders(appFolderId: string): Promise<DriveFolder[]> {
    try {
      return await this.drive.findFolders(appFolderId, 'Portfolio:');
    } catch (error) {
      return wrap(error, DRIVE_MESSAGES.listPortfolioFoldersFailed, 'list');
    }
  }

  /** The portfolio's folder: by marker, else by exact name, else created (conflicts renamed). */
  async portfolioFolder(appFolderId: string, portfolio: PortfolioRef, known?: DriveFolder[]): Promise<DriveFolder> {
    const wanted = portfolioFolderName(portfolio.name);
    try {
      const folders = known ?? (await this.listPortfolioFolders(appFolderId));
      const mine = folders.find((f) => f.description === markerFor(portfolio.id)) ?? folders.find((f) => f.name === wanted && !f.description?.startsWith('dossier:portfolio:'));
      if (mine) {
        if (mine.name !== wanted && !mine.name.startsWith(`${wanted} (`)) return await this.renameTo(appFolderId, mine, wanted, folders);
        return mine;
      }
      const name = resolveNameConflict(wanted, new Set(folders.map((f) => f.name)), { isFolder: true });
      return await this.drive.createFolder(name, appFolderId, markerFor(portfolio.id));
    } catch (error) {
      return wrap(error, DRIVE_MESSAGES.createPortfolioFolderFailed, 'folderCreation');
    }
  }

  /** The whole SPEC §3 folder structure for the given portfolios. */
  async structure(portfolios: readonly PortfolioRef[]): Promise<FolderStructure> {
    try {
      const app = await this.appFolder();
      const uncategorized = await this.uncategorizedFolder(app.id);
      const existing = await this.listPortfolioFolders(app.id);
      const portfolioFolders: Record<string, DriveFolder> = {};
      for (const p of portfolios) {
        const folder = await this.portfolioFolder(app.id, p, existing);
        if (!existing.some((f) => f.id === folder.id)) existing.push(folder);
        portfolioFolders[p.id] = folder;
      }
      return { appFolderId: app.id, portfolioFolders, uncategorizedFolderId: uncategorized.id };
    } catch (error) {
      return wrap(error, DRIVE_MESSAGES.folderStructureFailed, 'list');
    }
  }

  /** A renamed portfolio renames its folder (SPEC §5 conflicts apply to the new name). */
  async renamePortfolio(portfolio: PortfolioRef): Promise<DriveFolder> {
    const app = await this.appFolder();
    const folders = await this.listPortfolioFolders(app.id);
    const mine = folders.find((f) => f.description === markerFor(portfolio.id));
    const wanted = portfolioFolderName(portfolio.name);
    if (!mine) return this.portfolioFolder(app.id, portfolio, folders);
    if (mine.name === wanted) return mine;
    return this.renameTo(app.id, mine, wanted, folders);
  }

  private async renameTo(_appFolderId: string, folder: DriveFolder, wanted: string, siblings: DriveFolder[]): Promise<DriveFolder> {
    const taken = new Set(siblings.filter((f) => f.id !== folder.id).map((f) => f.name));
    const renamed = await this.drive.rename(folder.id, resolveNameConflict(wanted, taken, { isFolder: true }));
    return { ...renamed, description: folder.description };
  }

  /**
   * "Save to Drive": uploads into the portfolio's folder (or Uncategorized), renaming on conflict.
   * A resumable upload (ADR 0198): a cut connection goes on from the last byte Drive confirmed.
   */
  async saveDocument(input: { fileName: string; mimeType: string; data: Blob; portfolio: PortfolioRef | null; onProgress?: (sent: number, total: number) => void }): Promise<DriveUploadResult> {
    const app = await this.appFolder();
    const folder = input.portfolio ? await this.portfolioFolder(app.id, input.portfolio) : await this.uncategorizedFolder(app.id);
    const taken = await this.drive.childNames(folder.id);
    const name = resolveNameConflict(input.fileName, taken);
    const uploaded = await this.drive.uploadResumable({ name, mimeType: input.mimeType, parents: [folder.id], data: input.data }, { onProgress: input.onProgress });
    return {
      fileId: uploaded.id,
      fileName: uploaded.name,
      fileSize: Number(uploaded.size ?? input.data.size),
      driveFilePath: `${DRIVE_FOLDER_NAMES.appRoot}/${folder.name}/${uploaded.name}`,
      portfolioFolderId: folder.id,
    };
  }
}
