import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useDevice, useSupabase, useToasts } from '@dossier/shared';
import { LOADING_TEXT } from '@dossier/shared/core';
import { Badge, Button, Dialog, NativeSelect, TextField, TitleRow, useConfirm, type BadgeTone, PlainList } from '@dossier/shared/ui';
import { Checkbox } from '@dossier/shared/ui/controls';
import {
  createShareLink,
  listShareLinks,
  listShareViews,
  revokeAllShareLinks,
  setShareLinkPassword,
  shareKeys,
  updateShareLink,
  type ShareLink,
  type ShareTarget,
} from '../../api/share-links';
import { formatDate } from '../../lib/format';
import { useDescribeError } from '../../lib/query';
import { rememberShareUrl, rememberedShareUrl, shareOrCopy, shareUrl } from './share-link-url';
import './share.css';

const DAY = 86_400_000;

type ExpiryChoice = 'none' | '1' | '7' | '30' | 'date';
type LimitChoice = 'none' | 'once' | 'number';

interface Draft {
  expiry: ExpiryChoice;
  date: string;
  password: string;
  limit: LimitChoice;
  views: string;
  allowDownload: boolean;
  label: string;
}

const EMPTY: Draft = { expiry: '7', date: '', password: '', limit: 'none', views: '5', allowDownload: true, label: '' };

/** The chosen expiry as an instant: N days from now, or the end of the chosen day. */
export function expiryOf(draft: Pick<Draft, 'expiry' | 'date'>, now = new Date()): string | null {
  if (draft.expiry === 'none') return null;
  if (draft.expiry === 'date') return draft.date ? new Date(`${draft.date}T23:59:59`).toISOString() : null;
  return new Date(now.getTime() + Number(draft.expiry) * DAY).toISOString();
}

export function maxViewsOf(draft: Pick<Draft, 'limit' | 'views'>): number | null {
  if (draft.limit === 'none') return null;
  if (draft.limit === 'once') return 1;
  const n = Math.floor(Number(draft.views));
  return Number.isFinite(n) && n >= 1 ? n : 1;
}

const STATE_TEXT: Record<ShareLink['state'], string> = { active: 'Active', expired: 'Expired', used_up: 'Used up', revoked: 'Revoked' };
const STATE_TONE: Record<ShareLink['state'], BadgeTone> = { active: 'success', expired: 'warning', used_up: 'warning', revoked: 'danger' };

function LinkOptionsFields({ draft, setDraft, editing }: { draft: Draft; setDraft: (d: Draft) => void; editing: boolean }) {
  const today = new Date().toISOString().slice(0, 10);
  return (
    <>
      <TextField
        label="Link name (optional)"
        description="Shown to whoever opens the link, and in your list of links."
        value={draft.label}
        maxLength={200}
        placeholder="e.g. For the bank"
        onChange={(e) => setDraft({ ...draft, label: e.target.value })}
      />
      <NativeSelect label="Expires" value={draft.expiry} onChange={(e) => setDraft({ ...draft, expiry: e.target.value as ExpiryChoice })}>
        <option value="none">Never</option>
        <option value="1">In 1 day</option>
        <option value="7">In 7 days</option>
        <option value="30">In 30 days</option>
        <option value="date">On a date…</option>
      </NativeSelect>
      {draft.expiry === 'date' ? (
        <TextField label="Last day" type="date" required min={today} value={draft.date} onChange={(e) => setDraft({ ...draft, date: e.target.value })} />
      ) : null}
      <NativeSelect label="Views" value={draft.limit} onChange={(e) => setDraft({ ...draft, limit: e.target.value as LimitChoice })}>
        <option value="none">No limit</option>
        <option value="once">One time only</option>
        <option value="number">A number of times…</option>
      </NativeSelect>
      {draft.limit === 'number' ? (
        <TextField label="How many views" type="number" min={1} max={100000} required value={draft.views} onChange={(e) => setDraft({ ...draft, views: e.target.value })} />
      ) : null}
      <TextField
        label={editing ? 'New password (leave empty to keep)' : 'Password (optional)'}
        type="password"
        autoComplete="new-password"
        minLength={4}
        value={draft.password}
        onChange={(e) => setDraft({ ...draft, password: e.target.value })}
      />
      <div className="share-check">
        <Checkbox checked={draft.allowDownload} onCheckedChange={(on) => setDraft({ ...draft, allowDownload: on })} label="Allow download (otherwise view only)" />
      </div>
    </>
  );
}

function ViewLog({ link }: { link: ShareLink }) {
  const client = useSupabase();
  const describeError = useDescribeError();
  const views = useQuery({ queryKey: shareKeys.views(link.id), queryFn: () => listShareViews(client, link.id) });
  if (views.isPending) return <p role="status">{LOADING_TEXT}</p>;
  if (views.isError) return <p role="alert" className="share-error">{describeError(views.error)}</p>;
  if (views.data.length === 0) return <p className="share-muted">Nobody has opened this link yet.</p>;
  const kindText = { open: 'Opened', preview: 'Previewed', download: 'Downloaded' } as const;
  return (
    <PlainList as="ol" className="share-log" aria-label="View log">
      {views.data.map((v) => (
        <li key={v.id}>
          <span>{kindText[v.kind]}</span>
          <span className="share-muted">{new Date(v.viewed_at).toLocaleString()}</span>
          <span className="share-muted">{v.client}</span>
        </li>
      ))}
    </PlainList>
  );
}

function draftFrom(link: ShareLink): Draft {
  return {
    expiry: link.expires_at ? 'date' : 'none',
    date: link.expires_at ? new Date(link.expires_at).toISOString().slice(0, 10) : '',
    password: '',
    limit: link.max_views === null ? 'none' : link.max_views === 1 ? 'once' : 'number',
    views: String(link.max_views ?? 5),
    allowDownload: link.allow_download,
    label: link.label,
  };
}

/** Shares the link through the device's share sheet, or copies it; says which, or that neither worked. */
function useShareOrCopy(title: string) {
  const toasts = useToasts().stacked;
  return async (url: string) => {
    const outcome = await shareOrCopy(url, title);
    if (outcome === 'copied') toasts.add({ title: 'Link copied', variant: 'success' });
    if (outcome === 'failed') toasts.add({ title: 'The link could not be copied. Select it and copy it by hand.', variant: 'error' });
  };
}

function LinkRow({ link, title, onChanged }: { link: ShareLink; title: string; onChanged: () => void }) {
  const client = useSupabase();
  const toasts = useToasts().stacked;
  const describeError = useDescribeError();
  const share = useShareOrCopy(title);
  const { confirm, dialog: confirmDialog } = useConfirm();
  const [open, setOpen] = useState<'none' | 'log' | 'edit'>('none');
  const [draft, setDraft] = useState<Draft>(() => draftFrom(link));
  // Revoke goes once the link is revoked: the focus it held moves to this row's View log, not to the page.
  const viewLogButton = useRef<HTMLButtonElement>(null);
  const revokedHere = useRef(false);
  useEffect(() => {
    if (link.state !== 'revoked' || !revokedHere.current) return;
    revokedHere.current = false;
    viewLogButton.current?.focus();
  }, [link.state]);
  const url = rememberedShareUrl(link.id);
  const failed = (error: unknown) => toasts.add({ title: describeError(error), variant: 'error' });

  const save = useMutation({
    mutationFn: async () => {
      await updateShareLink(client, link.id, {
        label: draft.label.trim(),
        expires_at: expiryOf(draft),
        max_views: maxViewsOf(draft),
        allow_download: draft.allowDownload,
      });
      if (draft.password) await setShareLinkPassword(client, link.id, draft.password);
    },
    onSuccess: () => {
      toasts.add({ title: 'Link updated', variant: 'success' });
      setOpen('none');
      onChanged();
    },
    onError: failed,
  });
  const removePassword = useMutation({
    mutationFn: () => setShareLinkPassword(client, link.id, ''),
    onSuccess: () => (toasts.add({ title: 'Password removed', variant: 'success' }), onChanged()),
    onError: failed,
  });
  const revoke = useMutation({
    mutationFn: () => updateShareLink(client, link.id, { revoked_at: new Date().toISOString() }),
    onSuccess: () => {
      revokedHere.current = true;
      toasts.add({ title: 'Link revoked', variant: 'success' });
      onChanged();
    },
    onError: failed,
  });
  // One link, like all of them: whoever holds it loses access for good, so ask first.
  const askRevoke = async () => {
    const ok = await confirm({
      title: 'Revoke this link?',
      description: 'Anyone holding it loses access at once. This cannot be undone.',
      confirmLabel: 'Revoke link',
      destructive: true,
    });
    if (ok) revoke.mutate();
  };

  const facts = [
    link.has_password ? 'Password' : 'No password',
    link.expires_at ? `${link.state === 'expired' ? 'Expired' : 'Expires'} ${formatDate(link.expires_at)}` : 'Never expires',
    link.max_views ? `${link.view_count} of ${link.max_views} views` : `${link.view_count} ${link.view_count === 1 ? 'view' : 'views'}`,
    link.allow_download ? 'Download allowed' : 'View only',
  ];

  return (
    <li className="share-link" data-testid="share-link">
      <TitleRow>
        <strong>{link.label || `Link of ${formatDate(link.created_at)}`}</strong>
        <Badge tone={STATE_TONE[link.state]}>{STATE_TEXT[link.state]}</Badge>
      </TitleRow>
      <p className="share-muted share-facts">{facts.join(' · ')}</p>
      <div className="share-actions">
        {url && link.state === 'active' ? (
          <Button size="sm" onClick={() => void share(url)}>
            Copy link
          </Button>
        ) : null}
        <Button ref={viewLogButton} size="sm" aria-expanded={open === 'log'} onClick={() => setOpen(open === 'log' ? 'none' : 'log')}>
          View log
        </Button>
        {link.state !== 'revoked' ? (
          <>
            <Button size="sm" aria-expanded={open === 'edit'} onClick={() => setOpen(open === 'edit' ? 'none' : 'edit')}>
              Edit
            </Button>
            <Button size="sm" variant="danger" loading={revoke.isPending} onClick={() => void askRevoke()}>
              Revoke
            </Button>
          </>
        ) : null}
      </div>
      {open === 'log' ? <ViewLog link={link} /> : null}
      {open === 'edit' ? (
        <form
          className="share-form"
          aria-label="Edit link"
          onSubmit={(e) => {
            e.preventDefault();
            save.mutate();
          }}
        >
          <LinkOptionsFields draft={draft} setDraft={setDraft} editing />
          <div className="share-actions share-form-actions">
            <Button type="submit" variant="primary" loading={save.isPending}>
              Save
            </Button>
            {link.has_password ? (
              <Button loading={removePassword.isPending} onClick={() => removePassword.mutate()}>
                Remove password
              </Button>
            ) : null}
          </div>
        </form>
      ) : null}
      {confirmDialog}
    </li>
  );
}

/**
 * Share one document or one portfolio: create a link with options, see every link with its state
 * and view log, edit, revoke one or all. Offered to other areas as the `documents.share` widget.
 * The design system's Dialog: focus trapped and given back, Escape closes, a bottom sheet on phones.
 */
export function ShareDialog({ target, title, onClose }: { target: ShareTarget; title: string; onClose: () => void }) {
  const client = useSupabase();
  const queryClient = useQueryClient();
  const toasts = useToasts().stacked;
  const online = useDevice().isOnline();
  const describeError = useDescribeError();
  const share = useShareOrCopy(title);
  const { confirm, dialog: confirmDialog } = useConfirm();
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [created, setCreated] = useState<{ id: string; url: string } | null>(null);
  // Visitors change a link's state (views, used up): read it afresh whenever the dialog opens.
  const links = useQuery({ queryKey: shareKeys.list(target), queryFn: () => listShareLinks(client, target), refetchOnMount: 'always' });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: shareKeys.all });

  const create = useMutation({
    mutationFn: () =>
      createShareLink(client, target, {
        expiresAt: expiryOf(draft),
        password: draft.password,
        maxViews: maxViewsOf(draft),
        allowDownload: draft.allowDownload,
        label: draft.label.trim(),
      }),
    onSuccess: ({ id, token }) => {
      const url = shareUrl(target, token);
      rememberShareUrl(id, url);
      setCreated({ id, url });
      setDraft(EMPTY);
      refresh();
    },
    onError: (error) => toasts.add({ title: describeError(error), variant: 'error' }),
  });
  // Revoke all goes with the last live link: its focus moves to the links' heading, not to the page.
  const linksHeading = useRef<HTMLHeadingElement>(null);
  const revokedAll = useRef(false);
  const revokeAll = useMutation({
    mutationFn: () => revokeAllShareLinks(client, target),
    onSuccess: () => {
      revokedAll.current = true;
      toasts.add({ title: 'All links revoked', variant: 'success' });
      refresh();
    },
    onError: (error) => toasts.add({ title: describeError(error), variant: 'error' }),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate();
  };
  const live = (links.data ?? []).filter((l) => l.state === 'active');
  useEffect(() => {
    if (live.length > 0 || !revokedAll.current) return;
    revokedAll.current = false;
    linksHeading.current?.focus();
  }, [live.length]);
  // The new link's panel offers it only while it works: once it is revoked (or used up, or
  // expired) it would hand out a dead link, so the form comes back. Until the list has it, it is new.
  const createdState = created ? links.data?.find((l) => l.id === created.id)?.state : undefined;
  const createdUrl = created && (createdState === undefined || createdState === 'active') ? created.url : null;
  const askRevokeAll = async () => {
    const ok = await confirm({
      title: `Revoke all ${live.length} active links?`,
      description: 'Anyone holding them loses access at once. This cannot be undone.',
      confirmLabel: `Revoke ${live.length} links`,
      destructive: true,
    });
    if (ok) revokeAll.mutate();
  };

  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())} title={`Share “${title}”`} wide>
      {createdUrl ? (
        <section className="share-created" aria-label="New link">
          <p>
            Your new link. Copy it now: for your safety Dossier keeps only a fingerprint of it, and this device remembers it for
            you.
          </p>
          <TextField label="Link" readOnly value={createdUrl} onFocus={(e) => e.currentTarget.select()} />
          <div className="share-actions">
            <Button variant="primary" onClick={() => void share(createdUrl)}>
              Share link
            </Button>
            <Button onClick={() => setCreated(null)}>Done</Button>
          </div>
        </section>
      ) : online ? (
        <form className="share-form" onSubmit={submit} aria-label="New link">
          <LinkOptionsFields draft={draft} setDraft={setDraft} editing={false} />
          <div className="share-actions share-form-actions">
            <Button type="submit" variant="primary" loading={create.isPending}>
              {create.isPending ? 'Creating…' : 'Create link'}
            </Button>
          </div>
        </form>
      ) : (
        <p className="share-offline" role="note">
          You&apos;re offline. New links need a connection; links made on this device can still be copied below.
        </p>
      )}
      <section aria-labelledby="share-links-title" className="share-links">
        <TitleRow className="share-links-head">
          <h3 id="share-links-title" ref={linksHeading} tabIndex={-1}>
            Links
          </h3>
          {live.length > 1 ? (
            <Button size="sm" variant="danger" loading={revokeAll.isPending} onClick={() => void askRevokeAll()}>
              Revoke all
            </Button>
          ) : null}
        </TitleRow>
        {links.isPending ? (
          <p role="status">{LOADING_TEXT}</p>
        ) : links.isError ? (
          <div role="alert" className="share-error">
            <p>{describeError(links.error)}</p>
            <Button size="sm" onClick={() => void links.refetch()}>
              Try Again
            </Button>
          </div>
        ) : links.data.length === 0 ? (
          <p className="share-muted">No links yet.</p>
        ) : (
          <PlainList className="share-link-list">
            {links.data.map((link) => (
              <LinkRow key={link.id} link={link} title={title} onChanged={refresh} />
            ))}
          </PlainList>
        )}
      </section>
      {confirmDialog}
    </Dialog>
  );
}
