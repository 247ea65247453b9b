import { useMemo, useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useSupabase, useToasts } from '@dossier/shared';
import { formatBytes } from '@dossier/shared/core';
import { Dialog, Select, Skeleton, TextArea, TextField } from '@dossier/shared/ui';
import { Checkbox, Switch } from '@dossier/shared/ui/controls';
import { listOfferable, looksLikeEmail, offerTransfer, transferErrorText, transferKeys } from '../../api/transfers';
import { useRefreshTransfers } from './use-transfers';
import { DialogFormFooter } from '../../lib/form-error';

type Kind = 'documents' | 'portfolio';

/**
 * "Offer documents": to whom, what (some documents or one portfolio), a message and whether to
 * keep a copy. The server checks everything again and answers refusals in plain words.
 */
export function OfferDialog({ open, onOpenChange, onOffered }: { open: boolean; onOpenChange: (open: boolean) => void; onOffered?: () => void }) {
  const client = useSupabase();
  const toasts = useToasts().stacked;
  const refresh = useRefreshTransfers();
  const offerable = useQuery({ queryKey: transferKeys.offerable, queryFn: () => listOfferable(client), enabled: open });
  const [kind, setKind] = useState<Kind>('documents');
  const [email, setEmail] = useState('');
  const [emailError, setEmailError] = useState<string | null>(null);
  const [filter, setFilter] = useState('');
  const [chosen, setChosen] = useState<Set<string>>(new Set());
  const [portfolioId, setPortfolioId] = useState<string | undefined>(undefined);
  const [message, setMessage] = useState('');
  const [keepCopy, setKeepCopy] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const documents = useMemo(() => {
    const needle = filter.trim().toLowerCase();
    const all = offerable.data?.documents ?? [];
    return needle ? all.filter((d) => d.name.toLowerCase().includes(needle)) : all;
  }, [offerable.data, filter]);

  const reset = () => {
    setKind('documents');
    setEmail('');
    setEmailError(null);
    setFilter('');
    setChosen(new Set());
    setPortfolioId(undefined);
    setMessage('');
    setKeepCopy(false);
    setError(null);
  };

  const toggle = (id: string, on: boolean) =>
    setChosen((prev) => {
      const next = new Set(prev);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError(null);
    const address = email.trim();
    if (!looksLikeEmail(address)) {
      setEmailError('Enter a valid e-mail address.');
      return;
    }
    setEmailError(null);
    if (kind === 'documents' && chosen.size === 0) {
      setError('Choose at least one document.');
      return;
    }
    if (kind === 'portfolio' && !portfolioId) {
      setError('Choose a portfolio.');
      return;
    }
    setBusy(true);
    try {
      await offerTransfer(client, {
        recipientEmail: address,
        documentIds: kind === 'documents' ? [...chosen] : undefined,
        portfolioId: kind === 'portfolio' ? portfolioId : undefined,
        message: message.trim(),
        keepCopy,
      });
      toasts.add({ title: `Offered to ${address}`, description: 'They have 14 days to accept.', variant: 'success' });
      await refresh();
      reset();
      onOpenChange(false);
      onOffered?.();
    } catch (e) {
      setError(transferErrorText(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) reset();
        onOpenChange(next);
      }}
      title="Offer documents"
      description="The other person gets an e-mail and 14 days to accept. Until then you can cancel."
      wide
    >
      <form className="dossier-offer" onSubmit={(e) => void submit(e)} noValidate aria-label="Offer documents">
        <TextField
          label="Recipient's e-mail"
          type="email"
          autoComplete="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          error={emailError ?? undefined}
          required
        />
        <Select
          label="What to offer"
          value={kind}
          onValueChange={(v) => setKind(v as Kind)}
          options={[
            { value: 'documents', label: 'Documents' },
            { value: 'portfolio', label: 'A whole portfolio' },
          ]}
        />
        {offerable.isPending ? (
          <Skeleton height="6rem" />
        ) : kind === 'documents' ? (
          <fieldset className="dossier-offer__documents">
            <legend>
              Documents <span className="dossier-offer__count">({chosen.size} chosen)</span>
            </legend>
            <TextField label="Find a document" hideLabel placeholder="Find a document" type="search" value={filter} onChange={(e) => setFilter(e.target.value)} />
            {documents.length === 0 ? (
              <p className="dossier-offer__empty">{offerable.data?.documents.length ? 'No document matches.' : 'You have no documents to offer yet.'}</p>
            ) : (
              <ul className="dossier-offer__list">
                {documents.map((d) => (
                  <li key={d.id}>
                    <Checkbox checked={chosen.has(d.id)} onCheckedChange={(on) => toggle(d.id, on === true)} label={`${d.name} (${formatBytes(Number(d.size))})`} />
                  </li>
                ))}
              </ul>
            )}
          </fieldset>
        ) : (offerable.data?.portfolios.length ?? 0) === 0 ? (
          <p className="dossier-offer__empty">You have no portfolios yet.</p>
        ) : (
          <Select
            label="Portfolio"
            placeholder="Choose a portfolio"
            value={portfolioId}
            onValueChange={setPortfolioId}
            options={(offerable.data?.portfolios ?? []).map((p) => ({ value: p.id, label: p.name }))}
            description="The portfolio and all its documents move together."
          />
        )}
        <TextArea label="Message (optional)" value={message} maxLength={1000} rows={3} onChange={(e) => setMessage(e.target.value)} />
        <Switch
          checked={keepCopy}
          onCheckedChange={setKeepCopy}
          label="Keep a copy"
          description={keepCopy ? 'You keep your documents; they get their own copy.' : 'The documents leave your library when they accept.'}
        />
        <DialogFormFooter error={error} busy={busy} submitLabel="Send offer" onCancel={() => onOpenChange(false)} />
      </form>
    </Dialog>
  );
}
