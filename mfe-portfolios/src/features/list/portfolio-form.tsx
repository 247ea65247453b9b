import { useState, type FormEvent } from 'react';
import { PORTFOLIO_COLORS, PORTFOLIO_ICONS, VALIDATION_MESSAGES, isDuplicateName, sanitizeFolderName, type PortfolioIcon, type PortfolioInput } from '@dossier/shared/core';
import { Button, NativeSelect, TextArea, TextField } from '@dossier/shared/ui';
import { useDescribeError } from '../../lib/area';

const COLOR_NAMES: Record<string, string> = {
  '#2563eb': 'Blue',
  '#16a34a': 'Green',
  '#dc2626': 'Red',
  '#d97706': 'Amber',
  '#7c3aed': 'Violet',
  '#0891b2': 'Cyan',
  '#db2777': 'Pink',
  '#475569': 'Slate',
};

/** Name, description, colour and icon of a portfolio; used to create and to edit. */
export function PortfolioForm({
  initial,
  submitLabel,
  onSubmit,
  onCancel,
}: {
  initial?: Partial<PortfolioInput>;
  submitLabel: string;
  onSubmit: (input: PortfolioInput) => Promise<unknown>;
  onCancel?: () => void;
}) {
  const describeError = useDescribeError();
  const [name, setName] = useState(initial?.name ?? '');
  const [description, setDescription] = useState(initial?.description ?? '');
  const [color, setColor] = useState(initial?.color ?? PORTFOLIO_COLORS[0]);
  const [icon, setIcon] = useState<PortfolioIcon>(initial?.icon ?? 'folder');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const cleaned = sanitizeFolderName(name);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!cleaned) {
      setError(VALIDATION_MESSAGES.invalidPortfolioName);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await onSubmit({ name, description: description.trim(), color, icon });
    } catch (e) {
      setError(isDuplicateName(e) ? `You already have a portfolio named “${cleaned}”.` : (e as Error).message === VALIDATION_MESSAGES.invalidPortfolioName ? VALIDATION_MESSAGES.invalidPortfolioName : describeError(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="portfolio-form" onSubmit={(e) => void submit(e)} noValidate>
      <TextField label="Name" value={name} maxLength={200} required aria-invalid={error ? true : undefined} onChange={(e) => setName(e.target.value)} />
      {name && cleaned !== name.trim() ? <p className="muted">Saved as “{cleaned || '—'}” (the characters &lt; &gt; : &quot; / \ | ? * are left out).</p> : null}
      <TextArea label="Description (optional)" rows={2} maxLength={2000} value={description} onChange={(e) => setDescription(e.target.value)} />
      <fieldset className="portfolio-colors">
        <legend>Colour</legend>
        {PORTFOLIO_COLORS.map((c) => (
          <label key={c} className="swatch" style={{ background: c }} title={COLOR_NAMES[c]}>
            <input type="radio" name="color" value={c} checked={color === c} onChange={() => setColor(c)} aria-label={COLOR_NAMES[c]} />
          </label>
        ))}
      </fieldset>
      <NativeSelect label="Icon" value={icon} onChange={(e) => setIcon(e.target.value as PortfolioIcon)}>
        {PORTFOLIO_ICONS.map((i) => (
          <option key={i} value={i}>
            {i[0].toUpperCase() + i.slice(1)}
          </option>
        ))}
      </NativeSelect>
      {error ? (
        <p role="alert" className="form-error">
          {error}
        </p>
      ) : null}
      <div className="portfolio-actions">
        <Button type="submit" variant="primary" loading={busy}>
          {submitLabel}
        </Button>
        {onCancel ? <Button onClick={onCancel}>Cancel</Button> : null}
      </div>
    </form>
  );
}
