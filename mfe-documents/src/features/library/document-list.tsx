import { useEffect, useRef, useState, type CSSProperties, type KeyboardEvent, type ReactNode } from 'react';
import { Badge, Button, Chip, PullToRefreshIndicator, usePullToRefresh, useSwipeReveal } from '@dossier/shared/ui';
import type { DocumentSearchHit } from '../../api/search-documents';
import type { Tag } from '../../api/tags';
import { HighlightedText } from '../../lib/highlighted-text';
import { daysUntil, formatBytes, formatDate } from '../../lib/format';
import { typeLabel } from '../../lib/document-types';
import { DocumentThumbnail } from './document-thumbnail';
import type { LibraryView } from './library-state';
import { LibraryRows, type LibraryRow, type LibraryRowsHandle } from './library-rows';

export interface DocumentListProps {
  items: readonly DocumentSearchHit[];
  total: number;
  view: LibraryView;
  selected: ReadonlySet<string>;
  categoryNames: ReadonlyMap<string, string>;
  tagsById: ReadonlyMap<string, Tag>;
  onToggle(id: string, options: { range: boolean }): void;
  onOpen(id: string): void;
  /** Asks for the next page when the end of what is loaded comes into view. */
  onNearEnd(): void;
  /** Quick actions revealed by swiping a row left (touch, list view); none in the trash. */
  rowActions?: RowActions;
  /** Pull to refresh (touch): called when the list is pulled down at its top and let go. */
  onRefresh?: () => Promise<unknown>;
}

export interface RowActions {
  share(doc: DocumentSearchHit): void;
  trash(doc: DocumentSearchHit): void;
}

/** Width (px) of the two actions a swipe reveals: two 44 px+ touch targets with their labels. */
const SWIPE_ACTIONS_WIDTH = 168;

/**
 * A list row that slides left under a finger to reveal Share and Delete. The same actions are in
 * the document panel and the bulk actions bar for mouse, keyboard and screen-reader users, so the
 * revealed buttons exist only while revealed (nothing hidden to tab through).
 */
function SwipeRow({ doc, open, onOpenChange, actions, children }: { doc: DocumentSearchHit; open: boolean; onOpenChange(open: boolean): void; actions: RowActions; children: ReactNode }) {
  const swipe = useSwipeReveal({ open, onOpenChange, actionsWidth: SWIPE_ACTIONS_WIDTH });
  const revealed = swipe.offset < 0;
  return (
    <>
      {revealed ? (
        <div className="doc-row-actions" style={{ width: SWIPE_ACTIONS_WIDTH }} data-testid="row-actions">
          <Button variant="primary" aria-label={`Share ${doc.name}`} onClick={() => (onOpenChange(false), actions.share(doc))}>
            Share
          </Button>
          <Button variant="danger" aria-label={`Move ${doc.name} to the trash`} onClick={() => (onOpenChange(false), actions.trash(doc))}>
            Delete
          </Button>
        </div>
      ) : null}
      <div
        className={`doc-row-slide${swipe.dragging ? ' is-dragging' : ''}`}
        style={revealed ? { transform: `translateX(${swipe.offset}px)` } : undefined}
        {...swipe.handlers}
        onClickCapture={(event) => {
          // A tap on an open row closes it instead of opening the document.
          if (!open && !swipe.closedByTap.current) return;
          event.preventDefault();
          event.stopPropagation();
          onOpenChange(false);
        }}
      >
        {children}
      </div>
    </>
  );
}

const LIST_ROW_HEIGHT = 88;
/** The narrowest a grid card gets: two columns on a 390 px phone, six on a wide screen. */
const CARD_MIN_WIDTH = 168;
const CARD_HEIGHT = 256;
/** The picture on a card (CSS pixels, 4:3): it fills the card's width, cropped to cover. */
const CARD_THUMB = { width: 224, height: 168 };
const ROW_THUMB = { width: 44, height: 56 };

function ExpiryBadge({ expiresOn }: { expiresOn: string | null }) {
  if (!expiresOn) return null;
  const days = daysUntil(expiresOn);
  if (days > 60) return null;
  return (
    <Badge tone={days < 0 ? 'danger' : 'warning'}>{days < 0 ? 'Expired' : days === 0 ? 'Expires today' : `Expires in ${days} d`}</Badge>
  );
}

/** A list row's expiry: the date, in the warning colour within 60 days and the danger colour once past. */
function ExpiryText({ expiresOn }: { expiresOn: string | null }) {
  if (!expiresOn) return null;
  const days = daysUntil(expiresOn);
  const date = formatDate(expiresOn);
  if (days > 60) return <span>Expires {date}</span>;
  return <Badge tone={days < 0 ? 'danger' : 'warning'}>{days < 0 ? `Expired ${date}` : days === 0 ? 'Expires today' : `Expires ${date}`}</Badge>;
}

function TagChips({ ids, tagsById }: { ids: readonly string[]; tagsById: ReadonlyMap<string, Tag> }) {
  if (ids.length === 0) return null;
  return (
    <span className="tag-chips">
      {ids.map((id) => {
        const tag = tagsById.get(id);
        return tag ? (
          <Chip key={id} size="sm" className="tag-chip" color={tag.color}>
            {tag.name}
          </Chip>
        ) : null;
      })}
    </span>
  );
}

/**
 * The library as a list or grid; a long one is windowed (library-rows.tsx), so 10,000 documents
 * scroll as smoothly as 10. Arrow keys move between documents; Space selects.
 */
export function DocumentList({ items, total, view, selected, categoryNames, tagsById, onToggle, onOpen, onNearEnd, rowActions, onRefresh }: DocumentListProps) {
  const scroller = useRef<HTMLDivElement>(null);
  const [swiped, setSwiped] = useState<string | null>(null);
  const pull = usePullToRefresh(scroller, onRefresh ?? (async () => undefined), onRefresh !== undefined);
  const [width, setWidth] = useState(960);
  useEffect(() => {
    const element = scroller.current;
    if (!element || typeof ResizeObserver === 'undefined') return undefined;
    const observer = new ResizeObserver((entries) => setWidth(entries[0]?.contentRect.width || 960));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  const columns = view === 'grid' ? Math.max(1, Math.floor(width / CARD_MIN_WIDTH)) : 1;
  const loadedRows = Math.ceil(items.length / columns);
  const rowSize = view === 'grid' ? CARD_HEIGHT : LIST_ROW_HEIGHT;
  const rows = useRef<LibraryRowsHandle>(null);

  // A windowed row far from the view is drawn a frame or two after the scroll to it (the
  // virtualiser hears the scroll, then renders): until then there is nothing to focus, and the row
  // that had focus may already be gone. So look again each frame, for at most half a second.
  const focusWhenDrawn = (index: number, framesLeft = 30) => {
    requestAnimationFrame(() => {
      const target = scroller.current?.querySelector<HTMLElement>(`[data-item-index="${index}"] .doc-open`);
      if (target) target.focus();
      else if (framesLeft > 0) focusWhenDrawn(index, framesLeft - 1);
    });
  };
  const focusItem = (index: number) => {
    const clamped = Math.max(0, Math.min(items.length - 1, index));
    rows.current?.scrollToRow(Math.floor(clamped / columns));
    focusWhenDrawn(clamped);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const host = (event.target as HTMLElement).closest<HTMLElement>('[data-item-index]');
    if (!host) return;
    const index = Number(host.dataset.itemIndex);
    const step = { ArrowDown: columns, ArrowUp: -columns, ArrowRight: view === 'grid' ? 1 : 0, ArrowLeft: view === 'grid' ? -1 : 0 }[event.key];
    if (step) {
      event.preventDefault();
      focusItem(index + step);
    } else if (event.key === 'Home' && event.ctrlKey) {
      event.preventDefault();
      focusItem(0);
    } else if (event.key === 'End' && event.ctrlKey) {
      event.preventDefault();
      focusItem(items.length - 1);
    }
  };

  const swipeable = view === 'list' && rowActions !== undefined;
  const wrap = (doc: DocumentSearchHit, content: ReactNode) =>
    swipeable && rowActions ? (
      <SwipeRow doc={doc} open={swiped === doc.id} onOpenChange={(open) => setSwiped(open ? doc.id : null)} actions={rowActions}>
        {content}
      </SwipeRow>
    ) : (
      content
    );

  const renderItem = (doc: DocumentSearchHit, index: number) => {
    const isSelected = selected.has(doc.id);
    const category = doc.category_id ? categoryNames.get(doc.category_id) : undefined;
    return (
      <div
        key={doc.id}
        role="listitem"
        className={`${view === 'grid' ? 'doc-card' : 'doc-row'}${swipeable ? ' doc-row--swipe' : ''}${isSelected ? ' is-selected' : ''}`}
        style={view === 'grid' ? { width: `calc((100% - ${(columns - 1) * 12}px) / ${columns})` } : undefined}
        data-item-index={index}
        data-testid="document-item"
        aria-setsize={total}
        aria-posinset={index + 1}
      >
        {wrap(
          doc,
          <>
          <label className="doc-select-hit">
            {/* Controlled: it shows the selection. (It used to cancel the click, which made the browser
                undo React's update and show the opposite.) Shift+click selects a range. */}
            <input
              type="checkbox"
              className="doc-select"
              checked={isSelected}
              aria-label={`Select ${doc.name}`}
              onChange={(event) => onToggle(doc.id, { range: (event.nativeEvent as MouseEvent).shiftKey === true })}
            />
          </label>
          {view === 'grid' ? (
            <DocumentThumbnail doc={doc} className="doc-card-thumb" {...CARD_THUMB} />
          ) : (
            <DocumentThumbnail doc={doc} className="doc-row-thumb" {...ROW_THUMB} />
          )}
          <div className="doc-main">
            <button type="button" className="doc-open" onClick={() => onOpen(doc.id)}>
              {doc.name}
            </button>
            {view === 'grid' ? (
              <div className="doc-meta">
                <span>{category ?? typeLabel(doc.mime_type)}</span>
                <ExpiryBadge expiresOn={doc.expires_on} />
              </div>
            ) : (
              <>
                {/* What this product is for first — category, expiry, tags — then size and date.
                    A fact that does not fit its line moves to a hidden next line: never cut mid-word. */}
                <div className="doc-meta">
                  <span className="doc-category">{category ?? typeLabel(doc.mime_type)}</span>
                  <ExpiryText expiresOn={doc.expires_on} />
                  <span>{formatBytes(doc.size)}</span>
                  <span>Added {formatDate(doc.created_at)}</span>
                </div>
                {doc.snippet ? null : <TagChips ids={doc.document_tag_ids ?? []} tagsById={tagsById} />}
              </>
            )}
            {doc.snippet ? <HighlightedText className="doc-snippet" snippet={doc.snippet} /> : null}
          </div>
          </>,
        )}
      </div>
    );
  };

  const renderRow = ({ index, start, size }: LibraryRow) => {
    const first = index * columns;
    return (
      <div
        key={index}
        className={view === 'grid' ? 'doc-grid-row' : undefined}
        style={{ position: 'absolute', top: 0, left: 0, width: '100%', height: size, transform: `translateY(${start}px)` }}
      >
        {items.slice(first, first + columns).map((doc, offset) => renderItem(doc, first + offset))}
      </div>
    );
  };

  return (
    <div className="doc-list">
      <PullToRefreshIndicator pull={pull.pull} refreshing={pull.refreshing} />
      {/* Everything loaded and shorter than the frame: the frame ends under the last row (its 1 px
          borders included) instead of leaving an empty box; more to load keeps the full height. */}
      <div
        ref={scroller}
        className={`doc-scroller doc-${view}`}
        onKeyDown={onKeyDown}
        style={items.length >= total ? ({ '--doc-scroller-fit': `${loadedRows * rowSize + 2}px` } as CSSProperties) : undefined}
      >
        <div role="list" aria-label="Documents" style={{ height: loadedRows * rowSize, position: 'relative', width: '100%' }}>
          <LibraryRows count={loadedRows} rowSize={rowSize} scroller={scroller} overscan={6} renderRow={renderRow} onNearEnd={items.length < total ? onNearEnd : undefined} handle={rows} />
        </div>
      </div>
    </div>
  );
}
