import { fireEvent, render, screen } from '@testing-library/react';
import type { SupabaseClient } from '@supabase/supabase-js';
import { DossierServicesProvider } from '@dossier/shared';
import { createFakeServices } from '@dossier/shared/testing';
import { SHARE_MESSAGES } from '@dossier/shared/core';
import { SharedView, sharedFacts } from './shared-view';

jest.mock('../../lib/pdf', () => ({ loadPdfJs: jest.fn(() => new Promise(() => undefined)) }));

/** A supabase-js stand-in whose share-resolve answers in turn. */
function clientAnswering(...answers: unknown[]) {
  const invoke = jest.fn(async () => ({ data: answers.shift(), error: null }));
  return { client: { functions: { invoke } } as unknown as SupabaseClient, invoke };
}

function renderView(client: SupabaseClient, token: string) {
  render(
    <DossierServicesProvider services={createFakeServices({ supabase: client })}>
      <SharedView token={token} />
    </DossierServicesProvider>,
  );
}

describe('the shared link page', () => {
  it.each([
    ['expired', SHARE_MESSAGES.expired],
    ['unavailable', SHARE_MESSAGES.unavailable],
  ])('a %s link says so and nothing else', async (status, text) => {
    const { client } = clientAnswering({ status });
    renderView(client, `token-${status}-aaaaaaaaaaaaaaaaaaaaaa`);
    expect(await screen.findByRole('heading', { name: text })).toBeInTheDocument();
    expect(screen.getByTestId('link-closed')).not.toHaveTextContent(/pdf/i);
  });

  it('asks for the password, refuses a wrong one and opens with the right one', async () => {
    const { client, invoke } = clientAnswering(
      { status: 'password_required' },
      { status: 'password_invalid' },
      {
        status: 'ok',
        visit: 'v',
        kind: 'document',
        title: '<img src=x onerror=alert(1)>.pdf',
        description: '',
        allow_download: false,
        expires_at: null,
        documents: [{ id: 'd1', name: '<img src=x onerror=alert(1)>.pdf', mime_type: 'application/zip', size: 2048 }],
      },
    );
    renderView(client, 'token-password-aaaaaaaaaaaaaaaaaaaa');
    expect(await screen.findByRole('heading', { name: SHARE_MESSAGES.passwordRequired })).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'nope' } });
    fireEvent.click(screen.getByRole('button', { name: 'Open' }));
    expect(await screen.findByText(SHARE_MESSAGES.wrongPassword)).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'right' } });
    fireEvent.click(screen.getByRole('button', { name: 'Open' }));
    // The name is text, never markup; view-only links offer no download.
    expect(await screen.findByRole('heading', { level: 1, name: '<img src=x onerror=alert(1)>.pdf' })).toBeInTheDocument();
    expect(document.querySelector('img')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Download' })).toBeNull();
    expect(screen.getByText('View only: downloads are turned off.')).toBeInTheDocument();
    expect(invoke).toHaveBeenLastCalledWith('share-resolve', { body: { action: 'open', token: 'token-password-aaaaaaaaaaaaaaaaaaaa', password: 'right' } });
  });
});

describe("the visitor's facts line (issue 22)", () => {
  const doc = { id: 'd', name: 'a.pdf', mime_type: 'application/pdf', size: 1 };

  it('speaks of one file as "this file", of several as "these files"', () => {
    expect(sharedFacts({ kind: 'document', documents: [doc], allow_download: true, expires_at: null })).toBe('You may download this file.');
    expect(sharedFacts({ kind: 'portfolio', documents: [doc], allow_download: true, expires_at: null })).toBe('1 document. You may download this file.');
    expect(sharedFacts({ kind: 'portfolio', documents: [doc, { ...doc, id: 'e' }], allow_download: true, expires_at: null })).toBe('2 documents. You may download these files.');
  });

  it("writes the expiry in the visitor's locale, as a date and time without seconds", () => {
    const iso = '2026-12-04T10:47:38Z';
    const facts = sharedFacts({ kind: 'document', documents: [doc], allow_download: false, expires_at: iso });
    expect(facts).toContain(new Intl.DateTimeFormat(undefined, { dateStyle: 'long', timeStyle: 'short' }).format(new Date(iso)));
    expect(facts).not.toMatch(/:38/);
    expect(facts).not.toContain('12/4/2026');
  });
});

describe('a shared portfolio page (issue 22 §4)', () => {
  const opened = (extra: Record<string, unknown> = {}) => ({
    status: 'ok',
    visit: 'v',
    kind: 'portfolio',
    title: 'Visa',
    label: 'For the embassy',
    description: '',
    allow_download: true,
    expires_at: null,
    documents: [
      { id: 'd1', name: 'passport.pdf', mime_type: 'application/pdf', size: 10, thumbnail_url: 'https://stack.test/storage/v1/render/image/sign/documents/passport-thumb?token=t' },
      { id: 'd2', name: 'notes.txt', mime_type: 'text/plain', size: 5 },
    ],
    ...extra,
  });

  it("is headed by the owner's name for the link, with what it shares below", async () => {
    const { client } = clientAnswering(opened());
    renderView(client, 'token-portfolio-aaaaaaaaaaaaaaaaaaa');
    expect(await screen.findByRole('heading', { level: 1, name: 'For the embassy' })).toBeInTheDocument();
    expect(screen.getByText('Portfolio “Visa”')).toBeInTheDocument();
  });

  it('an unnamed link is headed by the portfolio', async () => {
    const { client } = clientAnswering(opened({ label: '' }));
    renderView(client, 'token-unnamed-aaaaaaaaaaaaaaaaaaaaa');
    expect(await screen.findByRole('heading', { level: 1, name: 'Visa' })).toBeInTheDocument();
    expect(screen.queryByText(/Portfolio “/)).toBeNull();
  });

  it('shows each thumbnail it is given, and the type icon for the rest or when one fails', async () => {
    const { client } = clientAnswering(opened());
    renderView(client, 'token-thumbs-aaaaaaaaaaaaaaaaaaaaaa');
    const list = await screen.findByRole('list', { name: 'Shared documents' });
    const rows = list.querySelectorAll('li');
    const image = rows[0].querySelector('img');
    expect(image).toHaveAttribute('src', 'https://stack.test/storage/v1/render/image/sign/documents/passport-thumb?token=t');
    expect(image).toHaveAttribute('alt', '');
    expect(image).toHaveAttribute('referrerpolicy', 'no-referrer');
    expect(rows[1].querySelector('img')).toBeNull();
    expect(rows[1].querySelector('svg')).not.toBeNull();
    fireEvent.error(image!);
    expect(rows[0].querySelector('img')).toBeNull();
    expect(rows[0].querySelector('svg')).not.toBeNull();
  });
});
