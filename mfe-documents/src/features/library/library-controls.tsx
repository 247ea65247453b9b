import { useEffect, useState } from 'react';
import type { DocumentSort } from '../../api/search-documents';
import { DOCUMENT_TYPE_GROUPS, TYPE_GROUP_ORDER, isTypeGroup } from '../../lib/document-types';
import { useCategories, usePortfolios, useTags } from '../../lib/use-lookups';
import { effectiveSort, type LibraryState } from './library-state';
import { NamedOptions } from '../../lib/named-options';

type Update = (changes: Partial<LibraryState>, options?: { replace?: boolean }) => void;

const SORT_LABELS: Record<DocumentSort, string> = {
  relevance: 'Relevance',
  created: 'Date added',
  name: 'Name',
  size: 'Size',
  expiry: 'Expiry date',
};

/** Search box (debounced into the address), sort, direction and view. */
export function LibraryToolbar({ state, update }: { state: LibraryState; update: Update }) {
  const [text, setText] = useState(state.q);
  useEffect(() => setText(state.q), [state.q]);
  useEffect(() => {
    if (text === state.q) return undefined;
    const timer = setTimeout(() => update({ q: text }, { replace: Boolean(state.q) && Boolean(text) }), 300);
    return () => clearTimeout(timer);
  }, [text, state.q, update]);

  const sort = effectiveSort(state);
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
        <label className="visually-hidden" htmlFor="document-search">
          Search documents
        </label>
        <input
          id="document-search"
          type="search"
          placeholder="Search names, notes, tags and text inside PDFs"
          value={text}
          maxLength={200}
          onChange={(event) => setText(event.target.value)}
        />
      </form>
      <label>
        Sort by{' '}
        <select aria-label="Sort by" value={sort} onChange={(event) => update({ sort: event.target.value as DocumentSort, dir: null })}>
          {sorts.map((s) => (
            <option key={s} value={s}>
              {SORT_LABELS[s]}
            </option>
          ))}
        </select>
      </label>
      <button
        type="button"
        className="icon-button"
        aria-label={state.dir === 'asc' ? 'Sort descending' : 'Sort ascending'}
        onClick={() => update({ sort, dir: state.dir === 'asc' ? 'desc' : 'asc' })}
      >
        {state.dir === 'asc' ? '↑' : state.dir === 'desc' ? '↓' : '↕'}
      </button>
      <div role="group" aria-label="View" className="view-toggle">
        <button type="button" aria-pressed={state.view === 'list'} onClick={() => update({ view: 'list' })}>
          List
        </button>
        <button type="button" aria-pressed={state.view === 'grid'} onClick={() => update({ view: 'grid' })}>
          Grid
        </button>
      </div>
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
      <label>
        Category
        <select aria-label="Filter by category" value={state.category[0] ?? ''} onChange={(event) => update({ category: event.target.value ? [event.target.value] : [] })}>
          <option value="">All categories</option>
          {(categories.data ?? []).map((c) => (
            <option key={c.id} value={c.id}>
              {c.name} ({c.document_count})
            </option>
          ))}
        </select>
      </label>
      <label>
        Tag
        <select aria-label="Filter by tag" value={state.tag[0] ?? ''} onChange={(event) => update({ tag: event.target.value ? [event.target.value] : [] })}>
          <option value="">All tags</option>
          {(tags.data ?? []).map((t) => (
            <option key={t.id} value={t.id}>
              {t.name} ({t.document_count})
            </option>
          ))}
        </select>
      </label>
      {(portfolios.data ?? []).length > 0 ? (
        <label>
          Portfolio
          <select aria-label="Filter by portfolio" value={state.portfolio[0] ?? ''} onChange={(event) => update({ portfolio: event.target.value ? [event.target.value] : [] })}>
            <option value="">All portfolios</option>
            <NamedOptions items={portfolios.data} />
          </select>
        </label>
      ) : null}
      <label>
        Type
        <select
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
        </select>
      </label>
      <label>
        Added from
        <input type="date" aria-label="Added from" value={state.from ?? ''} onChange={(event) => update({ from: event.target.value || null })} />
      </label>
      <label>
        Added until
        <input type="date" aria-label="Added until" value={state.to ?? ''} onChange={(event) => update({ to: event.target.value || null })} />
      </label>
      <button
        type="button"
        className="link-button"
        onClick={() => update({ q: '', category: [], tag: [], portfolio: [], type: [], from: null, to: null })}
      >
        Clear filters
      </button>
    </div>
  );
}
