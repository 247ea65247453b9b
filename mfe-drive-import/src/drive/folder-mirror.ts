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
/** Only folders Dossier marked as its own are ever merged away or trashed (ADR 0497). */
const isDossiers = (f: Pick<DriveFolder, 'description'>) => Boolean(f.description?.startsWith('dossier:'));

/** Oldest first (createdTime, then id): the same order on every device, so all of them pick the same folder. */
const byAge = (a: DriveFolder, b: DriveFolder) => (a.createdTime ?? '').localeCompare(b.createdTime ?? '') || a.id.localeCompare(b.id);
const oldest = <T extends DriveFolder>(folders: readonly T[]): T | undefined => [...folders].sort(byAge)[0];

function wrap(error: unknown, message: string, operation: string): never {
  // A drive error keeps its kind; a refused name keeps SPEC §5's text.
  if (error instanceof DriveError || error instanceof ValidationError) throw error;
  throw new DriveError('unknown', message, { operation, folder: true }, { details: error });
}

/**
 * The portfolio mirror in Drive (SPEC §1/§3/§5): 'Dossier' at the root, 'Portfolio: {name}' per
 * portfolio inside it, 'Uncategorized' for the rest. Everything is found again by listing (name
 * and the folder's description marker), so a second device never creates a second tree.
 *
 * Two devices (or tabs) connecting at the same moment can still each create an app folder
 * (ADR 0497). So: every lookup searches all of the account's 'Dossier' app folders; the oldest
 * (createdTime, then id) is the one new folders go into; a creator lists again after creating and
 * takes the oldest; and whenever Dossier may write, the newer Dossier-marked app folders (and a
 * portfolio's second folder) are merged into the oldest — their contents moved, the emptied
 * duplicate trashed, never deleted, and nothing that is not Dossier's own folder trashed.
 */
export class FolderMirror {
  constructor(private readonly drive: DriveClient) {}

  /** The app folder new folders go into (created when there is none), after merging any duplicates. */
  async appFolder(): Promise<DriveFolder> {
    return (await this.appFolders({ create: true, merge: true }))[0];
  }

  /** The app folder when it exists (the oldest Dossier-marked one); never created here. */
  async findAppFolder(): Promise<DriveFolder | null> {
    return (await this.appFolders({ create: false, merge: false }))[0] ?? null;
  }

  /**
   * Every 'Dossier' folder at the root, the canonical one first: the oldest marked one (a folder
   * only named 'Dossier' — a mirror older than the marker, or the person's own — comes after
   * every marked one). With `create`, one is made when there is none, and the listing is read
   * again so two creators at the same moment both end on the older of the two. With `merge`,
   * newer marked ones are merged into the canonical one (best effort: a failure leaves the
   * duplicate, which every lookup still searches).
   */
  private async appFolders(opts: { create: boolean; merge: boolean }): Promise<DriveFolder[]> {
    const list = async () => {
      const named = (await this.drive.listFolders('root')).filter((f) => f.name === DRIVE_FOLDER_NAMES.appRoot);
      const marked = named.filter((f) => f.description === APP_MARKER).sort(byAge);
      return [...marked, ...named.filter((f) => f.description !== APP_MARKER).sort(byAge)];
    };
    let apps = await list();
    if (apps.length === 0 && opts.create) {
      const made = await this.drive.createFolder(DRIVE_FOLDER_NAMES.appRoot, 'root', APP_MARKER);
      // createFolder dropped the cached root listing: this reads Drive again.
      apps = await list();
      if (!apps.some((f) => f.id === made.id)) apps = [...apps, made].sort(byAge);
    }
    if (opts.merge && apps.length > 0) await this.mergeDuplicates(apps);
    return apps;
  }

  /** Portfolio folders (by name, SPEC §7) in every one of the app folders. */
  private async portfolioFoldersIn(apps: readonly DriveFolder[]): Promise<DriveFolder[]> {
    const out: DriveFolder[] = [];
    for (const app of apps) out.push(...(await this.listPortfolioFolders(app.id)));
    return out;
  }

  /** A portfolio's folder by its marker, in any of the app folders (the oldest when there are two); never created. */
  async findPortfolioFolder(portfolioId: string): Promise<DriveFolder | null> {
    const apps = await this.appFolders({ create: false, merge: false });
    return oldest((await this.portfolioFoldersIn(apps)).filter((f) => f.description === markerFor(portfolioId))) ?? null;
  }

  /**
   * Merges what two devices made at once: each newer Dossier-marked app folder into the canonical
   * one, then a portfolio's (or Uncategorized's) second folder into its first. Best effort and safe
   * to run on several devices at once: every step is a move to the same, oldest, folder.
   */
  private async mergeDuplicates(apps: readonly DriveFolder[]): Promise<void> {
    const [home, ...others] = apps;
    if (home.description !== APP_MARKER) return;
    try {
      for (const dup of others.filter((f) => f.description === APP_MARKER)) await this.mergeFolder(dup, home);
      const groups = new Map<string, DriveFolder[]>();
      for (const f of await this.drive.listFolders(home.id)) {
        if (!isDossiers(f)) continue;
        groups.set(f.description!, [...(groups.get(f.description!) ?? []), f]);
      }
      for (const group of groups.values()) {
        const [keep, ...rest] = [...group].sort(byAge);
        for (const dup of rest) await this.mergeFolder(dup, keep);
      }
    } catch {
      // The client has logged the Drive error; the lookups search every app folder meanwhile.
    }
  }

  /**
   * Moves everything in `from` into `into`, then trashes `from` once it is empty. A Dossier-marked
   * folder that `into` already has (the same portfolio, Uncategorized) is merged into that one
   * instead; a Dossier folder whose name is taken there gets SPEC §5's ' (1)'. The person's files
   * keep their names. A move that fails leaves the item (and so `from`) where it is.
   */
  private async mergeFolder(from: DriveFolder, into: DriveFolder): Promise<void> {
    if (!isDossiers(from)) return;
    const present = await this.drive.listChildren(into.id);
    for (const item of await this.drive.listChildren(from.id)) {
      try {
        const twin = isDossiers(item) ? present.find((p) => p.description === item.description && p.mimeType === item.mimeType) : undefined;
        if (twin) {
          await this.mergeFolder(item, twin);
          continue;
        }
        const taken = isDossiers(item) && present.some((p) => p.name === item.name);
        const name = taken ? resolveNameConflict(item.name, new Set(present.map((p) => p.name)), { isFolder: true }) : undefined;
        const moved = await this.drive.move(item.id, from.id, into.id, name);
        present.push({ ...item, name: moved.name || item.name });
      } catch {
        // Left in place (and so is its folder): nothing is lost, a later run tries again.
      }
    }
    if ((await this.drive.listChildren(from.id)).length === 0) await this.drive.trash(from.id);
  }

  /**
   * Issue 12 §5, wherever the rename was done (ADR 0196): every portfolio folder whose portfolio
   * now has another name is renamed (conflicts as SPEC §5). The portfolios table is the truth and
   * each folder carries its portfolio's id, so nothing needs remembering between runs: a rename
   * made while Drive was disconnected, or on another device, is found on the next run. Creates
   * nothing (duplicates are merged, ADR 0497); folders of deleted portfolios are left as they are,
   * and every app folder is searched. Answers what was renamed.
   */
  async syncFolderNames(portfolios: readonly PortfolioRef[]): Promise<Array<{ portfolioId: string; from: string; to: string }>> {
    const apps = await this.appFolders({ create: false, merge: true });
    if (apps.length === 0) return [];
    const folders = await this.portfolioFoldersIn(apps);
    const renamed: Array<{ portfolioId: string; from: string; to: string }> = [];
    for (const portfolio of portfolios) {
      for (const folder of folders.filter((f) => f.description === markerFor(portfolio.id))) {
        if (folderNameMatches(folder.name, portfolio.name)) continue;
        const next = await this.renameTo(folder, portfolioFolderName(portfolio.name), folders);
        renamed.push({ portfolioId: portfolio.id, from: folder.name, to: next.name });
        folders[folders.indexOf(folder)] = next;
      }
    }
    return renamed;
  }

  async uncategorizedFolder(appFolderId: string): Promise<DriveFolder> {
    try {
      const find = async () => oldest((await this.drive.listFolders(appFolderId)).filter((f) => f.name === DRIVE_FOLDER_NAMES.uncategorized));
      return (await find()) ?? (await this.converge(await this.drive.createFolder(DRIVE_FOLDER_NAMES.uncategorized, appFolderId, UNCATEGORIZED_MARKER), find));
    } catch (error) {
      return wrap(error, DRIVE_MESSAGES.createUncategorizedFolderFailed, 'folderCreation');
    }
  }

  /**
   * After creating a folder, the same folder is looked up again: when another device made it at the
   * same moment, both keep the older one, and the newer (still empty) is merged into it and trashed.
   */
  private async converge(made: DriveFolder, find: () => Promise<DriveFolder | undefined>): Promise<DriveFolder> {
    const first = await find();
    if (!first || first.id === made.id) return made;
    await this.mergeFolder(made, first).catch(() => undefined);
    return first;
  }

  /** SPEC §7: folders in the app folder whose name contains 'Portfolio:', by name. */
  async listPortfolioFolders(appFolderId: string): Promise<DriveFolder[]> {
    try {
      return await this.drive.findFolders(appFolderId, 'Portfolio:');
    } catch (error) {
      return wrap(error, DRIVE_MESSAGES.listPortfolioFoldersFailed, 'list');
    }
  }

  /**
   * The portfolio's folder: by marker (in any app folder, the oldest), else by exact name in this
   * app folder, else created — and then looked up again, so that two devices creating it at the
   * same moment both keep the older one (the newer, still empty, is trashed).
   */
  async portfolioFolder(appFolderId: string, portfolio: PortfolioRef, known?: DriveFolder[]): Promise<DriveFolder> {
    const wanted = portfolioFolderName(portfolio.name);
    const marker = markerFor(portfolio.id);
    try {
      const folders = known ?? (await this.listPortfolioFolders(appFolderId));
      const mine =
        oldest(folders.filter((f) => f.description === marker)) ??
        folders.find((f) => f.parentId === appFolderId && f.name === wanted && !f.description?.startsWith('dossier:portfolio:'));
      if (mine) {
        if (mine.name !== wanted && !mine.name.startsWith(`${wanted} (`)) return await this.renameTo(mine, wanted, folders);
        return mine;
      }
      const name = resolveNameConflict(wanted, new Set(folders.filter((f) => f.parentId === appFolderId).map((f) => f.name)), { isFolder: true });
      const made = await this.drive.createFolder(name, appFolderId, marker);
      return await this.converge(made, async () => oldest((await this.listPortfolioFolders(appFolderId)).filter((f) => f.description === marker)));
    } catch (error) {
      return wrap(error, DRIVE_MESSAGES.createPortfolioFolderFailed, 'folderCreation');
    }
  }

  /** The whole SPEC §3 folder structure for the given portfolios. */
  async structure(portfolios: readonly PortfolioRef[]): Promise<FolderStructure> {
    try {
      const apps = await this.appFolders({ create: true, merge: true });
      const app = apps[0];
      const uncategorized = await this.uncategorizedFolder(app.id);
      const existing = await this.portfolioFoldersIn(apps);
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
    const apps = await this.appFolders({ create: true, merge: true });
    const folders = await this.portfolioFoldersIn(apps);
    const mine = oldest(folders.filter((f) => f.description === markerFor(portfolio.id)));
    const wanted = portfolioFolderName(portfolio.name);
    if (!mine) return this.portfolioFolder(apps[0].id, portfolio, folders);
    if (mine.name === wanted) return mine;
    return this.renameTo(mine, wanted, folders);
  }

  /** Renames a folder, SPEC §5's ' (n)' when a sibling (a folder in the same parent) has the name. */
  private async renameTo(folder: DriveFolder, wanted: string, known: DriveFolder[]): Promise<DriveFolder> {
    const taken = new Set(known.filter((f) => f.id !== folder.id && f.parentId === folder.parentId).map((f) => f.name));
    const renamed = await this.drive.rename(folder.id, resolveNameConflict(wanted, taken, { isFolder: true }));
    return { ...renamed, description: folder.description, parentId: renamed.parentId ?? folder.parentId };
  }

  /**
   * "Save to Drive": uploads into the portfolio's folder (or Uncategorized), renaming on conflict.
   * A resumable upload (ADR 0198): a cut connection goes on from the last byte Drive confirmed.
   */
  async saveDocument(input: { fileName: string; mimeType: string; data: Blob; portfolio: PortfolioRef | null; onProgress?: (sent: number, total: number) => void }): Promise<DriveUploadResult> {
    const apps = await this.appFolders({ create: true, merge: true });
    const folder = input.portfolio ? await this.portfolioFolder(apps[0].id, input.portfolio, await this.portfolioFoldersIn(apps)) : await this.uncategorizedFolder(apps[0].id);
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
