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
export type DriveOrigin = { driveFileId: string; driveModifiedTime: string };
/** A document of the person's that holds the same bytes as a file being added. */
export type KnownDuplicate = { id: string; name: string; deleted_at: string | null; created_at: string };

export type WidgetPropsMap = {
  'documents.category-counts': DashboardWidgetProps;
  'documents.recent': DashboardWidgetProps;
  'documents.expiring-soon': DashboardWidgetProps;
  'documents.reminder-settings': BaseWidgetProps;
  /** The upload of files handed over by the device's share sheet (the shell) or by a Drive import. */
  'documents.upload-dialog': BaseWidgetProps & {
    /**
     * The files to add: all at once (an array, the share sheet), or over time (an async iterable,
     * a Drive import handing each file on as soon as it is downloaded). The widget pulls the next
     * file only while fewer than its window of files are being checked or uploaded, so a producer
     * that waits for the pull is held back by the upload (back-pressure; ADR 0235).
     */
    files: readonly File[] | AsyncIterable<File>;
    source?: 'share' | 'drive';
    /** Called once every file has settled; `stored` counts the files now in the library (or queued offline). */
    onComplete?: (outcome: { stored: number }) => void;
    onStored?: (document: StoredDocumentSummary) => void;
    /**
     * The Drive file a handed-over file came from, written with its document row (one insert, not
     * an insert and an update; ADR 0235); null for a file whose origin is recorded otherwise.
     */
    driveOrigin?: (file: File) => DriveOrigin | null;
    /**
     * Duplicates already looked up for a content hash (a Drive import asks once for every chosen
     * file's checksum before downloading; ADR 0255): the documents holding it ([] for none), or
     * undefined when the upload must ask for itself.
     */
    knownDuplicates?: (sha256: string) => readonly KnownDuplicate[] | undefined;
    /**
     * A handed-over file whose Drive file another device or tab stored at the same moment: not
     * stored twice (its object is removed); `document` is the one already in the library (ADR 0250).
     */
    onAlreadyImported?: (document: StoredDocumentSummary, file: File) => void;
    /**
     * A handed-over file that ended without being stored — refused (the plan's limit, its type),
     * failed, skipped by the person as a duplicate, or cancelled — and the reason shown for it, so
     * the caller's summary counts it as what happened (issue 21 §4).
     */
    onNotStored?: (file: File, outcome: { status: 'refused' | 'failed' | 'skipped' | 'cancelled'; message?: string }) => void;
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
