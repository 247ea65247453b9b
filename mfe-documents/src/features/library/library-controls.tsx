import { useEffect, useState, type ReactNode } from 'react';
import { Button, IconButton, NativeSelect, TextField } from '@dossier/shared/ui';
import type { DocumentSort } from '../../api/search-documents';
import { DOCUMENT_TYPE_GROUPS, TYPE_GROUP_ORDER, isTypeGroup } from '../../lib/document-types';
import { useCategories, usePortfolios, useTags } from '../../lib/use-lookups';
import { effectiveDirection, effectiveSort, type LibraryState } from './library-state';
import { NamedOptions } from '../../lib/named-options';

type Update = (changes: Partial<LibraryState>, options?: { replace?: boolean }) => void;

const SORT_LABELS: Record<DocumentSort, string> = {
  relevance: 'Relevance',
  created: 'Date added',
  name: 'Name',
  size: 'Size',
  expiry: 'Expiry date',
};

/** Search box (debounced into the address), sort, direction and view; `children` end the bar (a phone's Filters button). */
export function LibraryToolbar({ state, update, children }: { state: LibraryState; update: Update; children?: ReactNode }) {
  const [text, setText] = useState(state.q);
  useEffect(() => setText(state.q), [state.q]);
  useEffect(() => {
    if (text === state.q) return undefined;
    const timer = setTimeout(() => update({ q: text }, { replace: Boolean(state.q) && Boolean(text) }), 300);
    return () => clearTimeout(timer);
  }, [text, state.q, update]);

  const sort = effectiveSort(state);
  const direction = effectiveDirection(state);
  const sorts = (Object.keys(SORT_LABELS) as DocumentSort[]).filter((s) => s !== 'relevance' || state.q.trim());
  return (
    <div className="library-toolbar">
      <form
        role="search"
        onSubmit={(event) => {
          event.preventDefault();
          update({ q: text });
        }}
      >
        <TextField
          label="Search documents"
          hideLabel
          id="document-search"
          type="search"
          placeholder="Search names, notes, tags and text inside PDFs"
          value={text}
          maxLength={200}
          onChange={(event) => setText(event.target.value)}
        />
      </form>
      <div className="library-sort">
        {/* A native select: the phone's own picker, and no listbox code before the first row (ADR 0455). */}
        <NativeSelect label="Sort by" hideLabel value={sort} onChange={(event) => update({ sort: event.target.value as DocumentSort, dir: null })}>
          {sorts.map((s) => (
            <option key={s} value={s}>
              {SORT_LABELS[s]}
            </option>
          ))}
        </NativeSelect>
        {/* The direction shown is the one applied (the default differs per sort), so the first click always reverses it. */}
        <IconButton
          variant="secondary"
          label={direction === 'asc' ? 'Sort descending' : 'Sort ascending'}
          onClick={() => update({ sort, dir: direction === 'asc' ? 'desc' : 'asc' })}
          icon={<span aria-hidden="true">{direction === 'asc' ? '↑' : '↓'}</span>}
        />
      </div>
      <div role="group" aria-label="View" className="view-toggle">
        <Button variant={state.view === 'list' ? 'primary' : 'secondary'} aria-pressed={state.view === 'list'} onClick={() => update({ view: 'list' })}>
          List
        </Button>
        <Button variant={state.view === 'grid' ? 'primary' : 'secondary'} aria-pressed={state.view === 'grid'} onClick={() => update({ view: 'grid' })}>
          Grid
        </Button>
      </div>
      {children}
    </div>
  );
}

/** Category, tag, portfolio, type and date filters, and the switch to the trash. */
export function LibraryFilters({ state, update }: { state: LibraryState; update: Update }) {
  const categories = useCategories();
  const tags = useTags();
  const portfolios = usePortfolios();
  return (
    <div className="library-filters" aria-label="Filters" role="group">
      <NativeSelect label="Category" aria-label="Filter by category" value={state.category[0] ?? ''} onChange={(event) => update({ category: event.target.value ? [event.target.value] : [] })}>
          <option value="">All categories</option>
          {(categories.data ?? []).map((c) => (
            <option key={c.id} value={c.id}>
              {c.name} ({c.document_count})
            </option>
          ))}
        </NativeSelect>
      <NativeSelect label="Tag" aria-label="Filter by tag" value={state.tag[0] ?? ''} onChange={(event) => update({ tag: event.target.value ? [event.target.value] : [] })}>
          <option value="">All tags</option>
          {(tags.data ?? []).map((t) => (
            <option key={t.id} value={t.id}>
              {t.name} ({t.document_count})
            </option>
          ))}
        </NativeSelect>
      {(portfolios.data ?? []).length > 0 ? (
        <NativeSelect label="Portfolio" aria-label="Filter by portfolio" value={state.portfolio[0] ?? ''} onChange={(event) => update({ portfolio: event.target.value ? [event.target.value] : [] })}>
            <option value="">All portfolios</option>
            <NamedOptions items={portfolios.data} />
          </NativeSelect>
      ) : null}
      <NativeSelect
        label="Type"
        aria-label="Filter by type"
        value={state.type[0] ?? ''}
        onChange={(event) => update({ type: isTypeGroup(event.target.value) ? [event.target.value] : [] })}
      >
        <option value="">All types</option>
        {TYPE_GROUP_ORDER.map((group) => (
          <option key={group} value={group}>
            {DOCUMENT_TYPE_GROUPS[group].label}
          </option>
        ))}
      </NativeSelect>
      <TextField label="Added from" type="date" value={state.from ?? ''} onChange={(event) => update({ from: event.target.value || null })} />
      <TextField label="Added until" type="date" value={state.to ?? ''} onChange={(event) => update({ to: event.target.value || null })} />
      <Button variant="ghost" onClick={() => update({ q: '', category: [], tag: [], portfolio: [], type: [], from: null, to: null })}>
        Clear filters
      </Button>
    </div>
  );
}
