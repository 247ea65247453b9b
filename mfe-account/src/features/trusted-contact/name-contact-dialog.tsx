import { useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useSupabase, useToasts } from '@dossier/shared';
import { Dialog, Skeleton, TextField } from '@dossier/shared/ui';
import { Checkbox } from '@dossier/shared/ui/controls';
import { nameTrustedContact } from '../../api/trusted-contacts';
import { listOfferable, looksLikeEmail, transferErrorText, transferKeys } from '../../api/transfers';
import { useRefreshTrusted } from './use-trusted-contacts';
import { DialogFormFooter } from '../../lib/form-error';

/** "Name a trusted contact": who, which portfolios, how long the owner has to say no. */
export function NameContactDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const client = useSupabase();
  const toasts = useToasts().stacked;
  const refresh = useRefreshTrusted();
  const offerable = useQuery({ queryKey: transferKeys.offerable, queryFn: () => listOfferable(client), enabled: open });
  const [email, setEmail] = useState('');
  const [days, setDays] = useState('7');
  const [chosen, setChosen] = useState<Set<string>>(new Set());
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError(null);
    const waitDays = Number(days);
    if (!looksLikeEmail(email)) return setError('Enter a valid e-mail address.');
    if (!Number.isInteger(waitDays) || waitDays < 1 || waitDays > 30) return setError('The waiting period is 1 to 30 days.');
    if (chosen.size === 0) return setError('Choose at least one portfolio.');
    setBusy(true);
    try {
      await nameTrustedContact(client, { email: email.trim(), portfolioIds: [...chosen], waitDays });
      toasts.add({ title: `${email.trim()} is your trusted contact`, description: 'They got an e-mail explaining what it means.', variant: 'success' });
      await refresh();
      setEmail('');
      setChosen(new Set());
      onOpenChange(false);
    } catch (e) {
      setError(transferErrorText(e));
    } finally {
      setBusy(false);
    }
  };

  const portfolios = offerable.data?.portfolios ?? [];
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Name a trusted contact"
      description="In an emergency they can ask to read the portfolios you choose. You are told at once and can say no; if you do not answer within the waiting period, they can read them (never change them) until you revoke it."
      wide
    >
      <form className="dossier-offer" onSubmit={(e) => void submit(e)} noValidate aria-label="Name a trusted contact">
        <TextField label="Their e-mail" type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} required />
        <TextField
          label="Waiting period (days)"
          type="number"
          inputMode="numeric"
          min={1}
          max={30}
          value={days}
          onChange={(e) => setDays(e.target.value)}
          description="1 to 30 days: how long you have to deny a request."
        />
        {offerable.isPending ? (
          <Skeleton height="4rem" />
        ) : portfolios.length === 0 ? (
          <p className="dossier-offer__empty">Make a portfolio first (for example “Estate”), then choose it here.</p>
        ) : (
          <fieldset className="dossier-offer__documents">
            <legend>Portfolios they may read</legend>
            <ul className="dossier-offer__list">
              {portfolios.map((p) => (
                <li key={p.id}>
                  <Checkbox
                    checked={chosen.has(p.id)}
                    label={p.name}
                    onCheckedChange={(on) =>
                      setChosen((prev) => {
                        const next = new Set(prev);
                        if (on) next.add(p.id);
                        else next.delete(p.id);
                        return next;
                      })
                    }
                  />
                </li>
              ))}
            </ul>
          </fieldset>
        )}
        <DialogFormFooter error={error} busy={busy} submitLabel="Name contact" onCancel={() => onOpenChange(false)} />
      </form>
    </Dialog>
  );
}
