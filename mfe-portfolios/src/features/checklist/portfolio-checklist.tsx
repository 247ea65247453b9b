import { useState, type FormEvent } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useSupabase, useToasts } from '@dossier/shared';
import { Button, NativeSelect, TextField, PlainList } from '@dossier/shared/ui';
import { addChecklistItem, fillChecklistItem, listChecklist, listPortfolioDocuments, portfolioKeys, removeChecklistItem } from '@dossier/shared/core';
import { useDescribeError } from '../../lib/area';

/**
 * What this portfolio must contain ("Passport", "Bank statements", "Employer letter"): named slots
 * filled with one of its documents, and what is still missing. A slot whose document left the
 * portfolio or went to the trash counts as missing again.
 */
export function PortfolioChecklist({ portfolioId }: { portfolioId: string }) {
  const client = useSupabase();
  const queryClient = useQueryClient();
  const toasts = useToasts().stacked;
  const describeError = useDescribeError();
  const [label, setLabel] = useState('');
  const [labelError, setLabelError] = useState<string | null>(null);
  const items = useQuery({ queryKey: portfolioKeys.checklist(portfolioId), queryFn: () => listChecklist(client, portfolioId) });
  const docs = useQuery({ queryKey: portfolioKeys.documents(portfolioId), queryFn: () => listPortfolioDocuments(client, portfolioId) });
  const live = new Map((docs.data ?? []).map((d) => [d.id, d.name]));
  const rows = items.data ?? [];
  const done = rows.filter((i) => i.document_id && live.has(i.document_id)).length;

  const run = async (work: () => Promise<void>) => {
    try {
      await work();
    } catch (error) {
      toasts.add({ title: describeError(error), variant: 'error' });
    } finally {
      await queryClient.invalidateQueries({ queryKey: portfolioKeys.checklist(portfolioId) });
    }
  };
  const add = (event: FormEvent) => {
    event.preventDefault();
    const text = label.trim();
    if (!text) {
      setLabelError('Name the item first, for example Passport.');
      return;
    }
    setLabelError(null);
    void run(async () => {
      await addChecklistItem(client, portfolioId, text, rows.length);
      setLabel('');
    });
  };

  return (
    <section className="checklist" aria-labelledby="checklist-title">
      <h2 id="checklist-title">Checklist</h2>
      {rows.length > 0 ? (
        <p className="muted" aria-live="polite">
          {done} of {rows.length} ready{rows.length - done > 0 ? ` · ${rows.length - done} missing` : ' · complete'}
        </p>
      ) : (
        <p className="muted">List what this portfolio needs — for example Passport, Bank statements, Employer letter — and fill each with a document.</p>
      )}
      {items.isError ? <p role="alert">{describeError(items.error)}</p> : null}
      <PlainList className="checklist-items">
        {rows.map((item) => {
          const filled = Boolean(item.document_id && live.has(item.document_id));
          return (
            <li key={item.id} className={filled ? 'is-done' : 'is-missing'} data-testid="checklist-item">
              <span className="checklist-mark" aria-hidden="true">
                {filled ? '✓' : '✗'}
              </span>
              <span className="checklist-label">
                {item.label}
                <span className="visually-hidden">{filled ? ' (ready)' : ' (missing)'}</span>
              </span>
              <NativeSelect
                label={`Document for ${item.label}`}
                hideLabel
                value={filled ? (item.document_id ?? '') : ''}
                onChange={(e) => void run(() => fillChecklistItem(client, item.id, e.target.value || null))}
              >
                <option value="">Missing — choose a document</option>
                {(docs.data ?? []).map((d) => (
                  <option key={d.id} value={d.id}>
                    {d.name}
                  </option>
                ))}
              </NativeSelect>
              <button type="button" className="link-button" aria-label={`Remove ${item.label} from the checklist`} onClick={() => void run(() => removeChecklistItem(client, item.id))}>
                Remove
              </button>
            </li>
          );
        })}
      </PlainList>
      <form className="checklist-add" onSubmit={add} noValidate>
        <TextField
          label="New checklist item"
          hideLabel
          value={label}
          maxLength={200}
          placeholder="e.g. Employer letter"
          error={labelError}
          onChange={(e) => {
            setLabel(e.target.value);
            if (labelError && e.target.value.trim()) setLabelError(null);
          }}
        />
        <Button type="submit">Add to checklist</Button>
      </form>
    </section>
  );
}
