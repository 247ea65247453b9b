/**
 * Every widget an area offers other areas, by global name, with the props its callers pass.
 *
 * Both sides are checked against this one map: a caller's `<Widget name=… />` must pass these
 * props (and only a known name), and an area's `addWidgets({ … })` must register, under each name,
 * a component that accepts them. Renaming a prop or a widget is then a type error in every area
 * that uses it, at build time — not an `undefined` at run time. Add a widget here first.
 */

/** Props every widget may receive. */
export type BaseWidgetProps = {
  /** Where the widget is shown ('dashboard', 'portfolio-detail', ...), for layout decisions. */
  placement?: string;
};

/** The dashboard renders each of its cards with the card's title. */
export type DashboardWidgetProps = BaseWidgetProps & { title?: string };

/** What the upload tells its caller about each document it stored. */
export type StoredDocumentSummary = { id: string; name: string; sha256?: string | null };
/** Where an imported document came from in Google Drive: the file's id and its modifiedTime. */
export type DocumentOrigin = { driveFileId: string; driveModifiedTime: string };
/** How a handed-over file ended without being stored (widget 'documents.upload-dialog'). */
export type NotStoredOutcome =
  | { status: 'refused' | 'failed' | 'skipped' | 'cancelled'; message?: string }
  | { status: 'already-stored'; document: StoredDocumentSummary; message?: string };
/** A document of the person's that holds the same bytes as a file being added. */
export type KnownDuplicate = { id: string; name: string; deleted_at: string | null; created_at: string };

export type WidgetPropsMap = {
  'documents.category-counts': DashboardWidgetProps;
  'documents.recent': DashboardWidgetProps;
  'documents.expiring-soon': DashboardWidgetProps;
  'documents.reminder-settings': BaseWidgetProps;
  /**
   * The upload of files handed over by another part of the app: the device's share sheet (the
   * shell) or an import (Drive). Only what any upload needs: where the files come from, what is
   * known of them before their bytes arrive, and what became of each one.
   */
  'documents.upload-dialog': BaseWidgetProps & {
    /**
     * The files to add: all at once (an array, the share sheet), or over time (an async iterable,
     * an import handing each file on as soon as it is downloaded). The widget pulls the next
     * file only while fewer than its window of files are being checked or uploaded, so a producer
     * that waits for the pull is held back by the upload (back-pressure; ADR 0235).
     */
    files: readonly File[] | AsyncIterable<File>;
    source?: 'share' | 'drive';
    /**
     * The contents (SHA-256) the files are expected to have, when known before they arrive (Drive
     * lists checksums): their duplicates are looked up at once instead of once per file (ADR 0255).
     */
    expectedChecksums?: readonly string[];
    /** Where a file came from, written with its document row (one insert; ADR 0235); null for none. */
    origin?: (file: File) => DocumentOrigin | null;
    /** Called once every file has settled; `stored` counts the files now in the library (or queued offline). */
    onComplete?: (outcome: { stored: number }) => void;
    onStored?: (document: StoredDocumentSummary, file: File) => void;
    /**
     * A file that ended without being stored, and why, so the caller's summary counts it as what
     * happened (issue 21 §4): refused (the plan's limit, its type), failed, skipped by the person as a
     * duplicate, cancelled — or already stored: another device or tab stored a file of the same
     * origin at the same moment, `document` is that one (its object was removed; ADR 0250).
     */
    onNotStored?: (file: File, outcome: NotStoredOutcome) => void;
  };
  /** The share dialog for one document or one portfolio. */
  'documents.share': BaseWidgetProps & { title: string; onClose: () => void } & (
      | { documentId: string; portfolioId?: undefined }
      | { portfolioId: string; documentId?: undefined }
    );
  /** What an anonymous visitor sees for a link token. */
  'documents.shared-view': BaseWidgetProps & { token: string };
  'documents.history-export': BaseWidgetProps;
  /** The documents library fixed to one portfolio. */
  'documents.library': BaseWidgetProps & { portfolioId: string };
  'drive.connection-card': DashboardWidgetProps;
  /** A button (its text `label`, 'Import from Google Drive' by default) that opens the Drive browser. */
  'drive.import-dialog': BaseWidgetProps & { label?: string };
  'drive.folder-mirror': BaseWidgetProps & { portfolioId: string; portfolioName: string };
  'drive.save-to-drive': BaseWidgetProps & { documentId: string };
  'portfolios.summary': DashboardWidgetProps;
  'account.deletion-notice': BaseWidgetProps;
  /** Requests for emergency access the owner may still deny, with the days left (issue 22); nothing when none. */
  'account.emergency-notice': BaseWidgetProps;
  'account.plan-badge': DashboardWidgetProps;
};

export type WidgetName = keyof WidgetPropsMap;
export type WidgetPropsOf<N extends WidgetName> = WidgetPropsMap[N];
