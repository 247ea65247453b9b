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
