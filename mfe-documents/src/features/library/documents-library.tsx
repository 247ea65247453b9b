import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useAuth, Widget } from '@dossier/shared';
import { afterIdle } from '@dossier/shared/core';
import { preload } from '@dossier/shared/core/network';
import { Button, EmptyState, LoadingSpinner, OfflineDataNotice, PHONE_QUERY, Sheet, retryableLazy, useMediaQuery } from '@dossier/shared/ui';
import { useDescribeError } from '../../lib/query';
import { useDocumentActions } from '../../lib/use-document-actions';
import { useCategories, useTags } from '../../lib/use-lookups';
import { AddDocumentsPicker } from './add-documents-picker';
import { DeferredUpload } from './deferred-upload';
import { DocumentList, type RowActions } from './document-list';
import type { DocumentSearchHit } from '../../api/search-documents';
import { LibraryFilters, LibraryToolbar } from './library-controls';
import { hasPanelFilters, isFiltered } from './library-state';
import { useDocumentPages } from './use-document-pages';
import { useLibraryState } from './use-library-state';

// The open document's panel and the share dialog draw no row of the list: they load when a
// document is opened or shared (issue 24). The service worker keeps them for offline use.
const DocumentPanel = lazy(async () => ({ default: (await import('../document')).DocumentPanel }));
const ShareDialog = lazy(async () => ({ default: (await import('../share')).ShareDialog }));

// Drawn only when asked for — the bulk actions once a document is selected, the category manager
// from its tab — so their code is not fetched before the first row either (ADR 0496), but soon
// after it (fetchOnDemandPartsWhenIdle), so that the first selection draws its bar at once.
const loadBulkActions = () => import('../bulk').then((module) => module.BulkActionsBar);
const loadCategoryManager = () => import('../categories').then((module) => module.CategoryManager);
const BulkActionsBar = retryableLazy(loadBulkActions);
const CategoryManager = retryableLazy(loadCategoryManager);

/**
 * Fetches the parts drawn on demand once the browser is idle after the rows, where the network
 * strategy allows it. Only a fetch that worked is handed to the lazy component: a failed one is
 * asked for again when the part is drawn, never shown as the area's error.
 */
function fetchOnDemandPartsWhenIdle(): () => void {
  const fetchFor = (load: () => Promise<unknown>, component: { preload(): Promise<unknown> }) =>
    void preload(load)
      .then((outcome) => (outcome.status === 'loaded' ? component.preload() : undefined))
      .catch(() => undefined);
  const run = () => {
    fetchFor(loadBulkActions, BulkActionsBar);
    fetchFor(loadCategoryManager, CategoryManager);
  };
  return afterIdle(run, 5_000);
}

/**
 * `/documents`: upload, the library (search, filters, sort, list or grid), bulk actions, the open
 * document, the trash. With `portfolioId` (the `documents.library` widget) the list is fixed to that
 * portfolio: no trash, categories or upload, and documents are added through a picker.
 */
export function DocumentsLibrary({ portfolioId }: { portfolioId?: string } = {}) {
  const auth = useAuth();
  const [addressState, update] = useLibraryState();
  const state = useMemo(() => (portfolioId ? { ...addressState, portfolio: [portfolioId], trash: false } : addressState), [addressState, portfolioId]);
  const pages = useDocumentPages(state);
  const categories = useCategories();
  const tags = useTags();
  const actions = useDocumentActions();
  const describeError = useDescribeError();
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [showCategories, setShowCategories] = useState(false);
  const [filtersOpen, setFiltersOpen] = useState(false);
  const phone = useMediaQuery(PHONE_QUERY);
  const lastToggled = useRef<number | null>(null);
  const chooseFiles = useRef<(() => void) | null>(null);

  // Items over 30 days in the trash are purged once per visit.
  const purged = useRef(false);
  useEffect(() => {
    if (auth.status !== 'signed-in' || purged.current) return;
    purged.current = true;
    void actions.purge();
  }, [auth.status, actions]);

  const filterKey = JSON.stringify({ ...state, doc: null, view: null });
  useEffect(() => {
    setSelected(new Set());
    lastToggled.current = null;
  }, [filterKey]);

  const rowsIn = pages.data !== undefined;
  useEffect(() => (rowsIn ? fetchOnDemandPartsWhenIdle() : undefined), [rowsIn]);

  const items = useMemo(() => pages.data?.pages.flatMap((page) => page.items) ?? [], [pages.data]);
  const total = pages.data?.pages[0]?.total ?? 0;
  const categoryNames = useMemo(() => new Map((categories.data ?? []).map((c) => [c.id, c.name])), [categories.data]);
  const tagsById = useMemo(() => new Map((tags.data ?? []).map((t) => [t.id, t])), [tags.data]);

  const { hasNextPage, isFetchingNextPage, fetchNextPage } = pages;
  const onNearEnd = useCallback(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  const onToggle = useCallback(
    (id: string, { range }: { range: boolean }) => {
      const index = items.findIndex((d) => d.id === id);
      setSelected((current) => {
        const next = new Set(current);
        if (range && lastToggled.current !== null && index >= 0) {
          const [a, b] = [Math.min(lastToggled.current, index), Math.max(lastToggled.current, index)];
          for (const doc of items.slice(a, b + 1)) next.add(doc.id);
        } else if (next.has(id)) {
          next.delete(id);
        } else {
          next.add(id);
        }
        return next;
      });
      lastToggled.current = index;
    },
    [items],
  );
  const onOpen = useCallback((id: string) => update({ doc: id }), [update]);
  // Swipe a row left (touch): Share, or Delete — to the trash, with the toast's Undo.
  const [sharing, setSharing] = useState<DocumentSearchHit | null>(null);
  const rowActions = useMemo<RowActions>(() => ({ share: setSharing, trash: (doc) => void actions.trash([doc.id]) }), [actions]);
  const { refetch } = pages;
  const onRefresh = useCallback(() => refetch(), [refetch]);
  const closePanel = useCallback(() => update({ doc: null }), [update]);
  const selectedDocs = items.filter((d) => selected.has(d.id));
  const own = portfolioId ? { ...state, portfolio: [] } : state;
  const filtered = isFiltered(own);
  // The phone's Filters button says "(on)" only for what its panel holds, not for a search.
  const panelFiltered = hasPanelFilters(own);
  const withUpload = !state.trash && !portfolioId;
  const [uploadShown, setUploadShown] = useState(false);
  const onUploadShown = useCallback(() => setUploadShown(true), []);

  let body: React.ReactNode;
  if (pages.isPending && pages.fetchStatus === 'paused') {
    // Offline, and this list was never saved on this device (ADR 0121).
    body = (
      <div data-testid="offline-nothing-cached">
        <EmptyState title="You're offline" description="This list has not been saved on this device yet. It appears as soon as you are back online." />
      </div>
    );
  } else if (pages.isPending || (withUpload && !uploadShown && pages.isSuccess && items.length === 0 && !filtered)) {
    // An empty library shows with its upload panel (deferred-upload.tsx), never without.
    body = <LoadingSpinner />;
  } else if (pages.isError && !pages.data) {
    // (A failed refetch keeps showing what the list had.)
    body = (
      <div role="alert" className="library-message">
        <p>{describeError(pages.error)}</p>
        <Button onClick={() => void pages.refetch()}>Try Again</Button>
      </div>
    );
  } else if (items.length === 0) {
    body = filtered ? (
      <div data-testid="no-results">
        <EmptyState
          title="No documents match"
          description="Try other words, or clear the filters."
          action={<Button onClick={() => update({ q: '', category: [], tag: [], portfolio: [], type: [], from: null, to: null })}>Clear search and filters</Button>}
        />
      </div>
    ) : state.trash ? (
      <div data-testid="empty-trash">
        <EmptyState title="The trash is empty" description="Documents you delete stay here for 30 days, then they are deleted for good." />
      </div>
    ) : portfolioId ? (
      <div className="library-message" data-testid="empty-portfolio">
        <h2>No documents in this portfolio yet</h2>
        <p>Add documents you already keep in Dossier, or move them here from Documents.</p>
      </div>
    ) : (
      <div data-testid="empty-library">
        <EmptyState
          title="No documents yet"
          description="Upload your first document: choose files, drop them here, or paste them. PDFs, photos, Office documents and text files are welcome."
          action={
            <Button variant="primary" onClick={() => chooseFiles.current?.()}>
              Choose files
            </Button>
          }
        />
      </div>
    );
  } else {
    body = (
      <DocumentList
        items={items}
        total={total}
        view={state.view}
        selected={selected}
        categoryNames={categoryNames}
        tagsById={tagsById}
        onToggle={onToggle}
        onOpen={onOpen}
        onNearEnd={onNearEnd}
        rowActions={state.trash ? undefined : rowActions}
        onRefresh={onRefresh}
      />
    );
  }

  return (
    <div className="documents-library">
      {portfolioId ? <AddDocumentsPicker portfolioId={portfolioId} actions={actions} /> : null}
      <nav className="library-tabs" aria-label="Library sections" hidden={Boolean(portfolioId)}>
        <button type="button" aria-pressed={!state.trash && !showCategories} onClick={() => (setShowCategories(false), update({ trash: false }))}>
          Documents
        </button>
        <button type="button" aria-pressed={state.trash} onClick={() => (setShowCategories(false), update({ trash: true, doc: null }))}>
          Trash
        </button>
        <button type="button" aria-pressed={showCategories} onClick={() => setShowCategories((v) => !v)}>
          Categories
        </button>
        <Link to="/manage-tags" className="link-button">
          Manage tags
        </Link>
      </nav>
      {showCategories ? (
        <Suspense fallback={<LoadingSpinner />}>
          <CategoryManager
            actions={actions}
            onShowCategory={(id) => {
              setShowCategories(false);
              update({ category: [id], trash: false });
            }}
          />
        </Suspense>
      ) : null}
      <LibraryToolbar state={state} update={update}>
        {phone ? (
          <Button className="library-filters-button" onClick={() => setFiltersOpen(true)}>
            {panelFiltered ? 'Filters (on)' : 'Filters'}
          </Button>
        ) : null}
      </LibraryToolbar>
      {phone ? (
        <Sheet open={filtersOpen} onOpenChange={setFiltersOpen} title="Filters" placement="bottom" footer={<Button variant="primary" block onClick={() => setFiltersOpen(false)}>{`Show ${total} ${total === 1 ? 'document' : 'documents'}`}</Button>}>
          <LibraryFilters state={state} update={update} />
        </Sheet>
      ) : (
        <LibraryFilters state={state} update={update} />
      )}
      {/* Upload, and the Drive area's import beside it (a widget by name: this area never imports
          another remote; empty when Drive is not configured). On a phone both sit behind one
          floating "Add documents" button, so the list comes first (issue 22). */}
      {withUpload ? (
        <DeferredUpload
          start={!pages.isPending || pages.fetchStatus === 'paused'}
          onShown={onUploadShown}
          categoryId={state.category.length === 1 ? state.category[0] : null}
          chooseFilesRef={chooseFiles}
          moreActions={<Widget name="drive.import-dialog" placement="documents" />}
        />
      ) : null}
      {/* Inside a portfolio page (the widget), that page shows the one marker. */}
      {pages.data && !portfolioId ? <OfflineDataNotice updatedAt={pages.dataUpdatedAt} /> : null}
      <p className="library-count" role="status" aria-live="polite" data-testid="library-count">
        {pages.data ? `${total} ${total === 1 ? 'document' : 'documents'}${state.trash ? ' in the trash' : ''}` : ''}
      </p>
      {selectedDocs.length > 0 ? (
        <Suspense fallback={null}>
          <BulkActionsBar selected={selectedDocs} trash={state.trash} actions={actions} onDone={() => setSelected(new Set())} />
        </Suspense>
      ) : null}
      <div className="library-body">
        {body}
        {state.doc ? (
          <Suspense fallback={<LoadingSpinner />}>
            <DocumentPanel key={state.doc} id={state.doc} onClose={closePanel} />
          </Suspense>
        ) : null}
      </div>
      {sharing ? (
        <Suspense fallback={null}>
          <ShareDialog target={{ documentId: sharing.id }} title={sharing.name} onClose={() => setSharing(null)} />
        </Suspense>
      ) : null}
    </div>
  );
}
