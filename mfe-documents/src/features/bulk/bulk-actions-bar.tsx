import { Button, destructiveCopy, useConfirm } from '@dossier/shared/ui';
import type { DocumentSearchHit } from '../../api/search-documents';
import type { DocumentActions } from '../../lib/use-document-actions';
import { useCategories, usePortfolios, useTags } from '../../lib/use-lookups';
import { NamedOptions } from '../../lib/named-options';

const plural = (n: number) => `${n} document${n === 1 ? '' : 's'}`;

/** What can be done to a selection: tag, categorise, move to a portfolio, trash (or restore / delete in the trash). */
export function BulkActionsBar({
  selected,
  trash,
  actions,
  onDone,
}: {
  selected: readonly DocumentSearchHit[];
  trash: boolean;
  actions: DocumentActions;
  onDone: () => void;
}) {
  const categories = useCategories();
  const tags = useTags();
  const portfolios = usePortfolios();
  const ids = selected.map((d) => d.id);
  const count = plural(ids.length);
  const { confirm, dialog } = useConfirm();

  return (
    <div className="bulk-bar" role="toolbar" aria-label="Selected documents">
      <span className="bulk-count" aria-live="polite">
        {count} selected
      </span>
      {trash ? (
        <>
          <Button onClick={() => void actions.restore(ids).then(onDone)}>Restore</Button>
          <Button
            variant="danger"
            onClick={async () => {
              const copy = destructiveCopy('Delete', ids.length, 'document');
              const ok = await confirm({ title: `${copy.title.slice(0, -1)} permanently?`, description: 'This cannot be undone.', confirmLabel: `${copy.confirmLabel} permanently`, destructive: true });
              if (ok) void actions.deleteForever(selected).then(onDone);
            }}
          >
            Delete permanently
          </Button>
        </>
      ) : (
        <>
          <label>
            <span className="visually-hidden">Add tag to selected</span>
            <select
              className="ds-native-select"
              value=""
              onChange={(event) => event.target.value && void actions.addTags(ids, [event.target.value], `Tagged ${count}`)}
            >
              <option value="">Add tag…</option>
              <NamedOptions items={tags.data} />
            </select>
          </label>
          <label>
            <span className="visually-hidden">Set category of selected</span>
            <select
              className="ds-native-select"
              value=""
              onChange={(event) =>
                event.target.value && void actions.updateMany(ids, { category_id: event.target.value }, `Moved ${count} to a new category`, 'Moved')
              }
            >
              <option value="">Set category…</option>
              <NamedOptions items={categories.data} />
            </select>
          </label>
          {(portfolios.data ?? []).length > 0 ? (
            <label>
              <span className="visually-hidden">Move selected to portfolio</span>
              <select
                className="ds-native-select"
                value=""
                onChange={(event) =>
                  event.target.value &&
                  void actions.updateMany(
                    ids,
                    { portfolio_id: event.target.value === 'none' ? null : event.target.value },
                    `Moved ${count}`,
                    'Moved',
                  )
                }
              >
                <option value="">Move to portfolio…</option>
                <option value="none">No portfolio</option>
                <NamedOptions items={portfolios.data} />
              </select>
            </label>
          ) : null}
          <Button variant="danger" onClick={() => void actions.trash(ids).then(onDone)}>
            Move to trash
          </Button>
        </>
      )}
      <Button variant="ghost" onClick={onDone}>
        Clear selection
      </Button>
      {dialog}
    </div>
  );
}
