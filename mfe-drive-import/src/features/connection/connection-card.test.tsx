import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SupabaseClient } from '@supabase/supabase-js';
import { DossierServicesProvider } from '@dossier/shared';
import { DRIVE_CONNECTION_MESSAGES } from '@dossier/shared/core';
import { createFakeServices } from '@dossier/shared/testing';
import type { DriveAuthState } from '../../connection/drive-connection';
import { DRIVE_READ_SCOPE } from '../../connection/drive-connection';
import type { AccountStatus } from './use-drive-account';
import DriveConnectionCard from './connection-card';

// The card's states come from the connection and the account check; both are set per test here
// (the real connection against the Drive emulator is covered by e2e/specs/drive-import.spec.ts).
const drive = { state: { accessToken: null, refreshToken: null, expiresAt: null, isAuthenticated: false } as DriveAuthState, enabled: true, disconnect: jest.fn(async () => undefined) };
const account = { status: { kind: 'idle' } as AccountStatus, retry: jest.fn() };
jest.mock('../../lib/use-drive', () => ({
  useDrive: () => ({ connection: { disconnect: drive.disconnect, connect: jest.fn() }, client: {}, state: drive.state, enabled: drive.enabled }),
}));
jest.mock('./use-drive-account', () => ({ useDriveAccount: () => account }));

const connectedState: DriveAuthState = { accessToken: 't', refreshToken: null, expiresAt: Date.now() + 3_600_000, isAuthenticated: true, scope: DRIVE_READ_SCOPE, account: { name: 'Ana', email: 'ana@example.com' } };

function renderCard() {
  render(
    <DossierServicesProvider services={createFakeServices({ supabase: {} as SupabaseClient })}>
      <DriveConnectionCard title="Google Drive" />
    </DossierServicesProvider>,
  );
  return screen.getByRole('region', { name: 'Google Drive' });
}

beforeEach(() => {
  drive.state = { accessToken: null, refreshToken: null, expiresAt: null, isAuthenticated: false };
  drive.enabled = true;
  account.status = { kind: 'idle' };
  jest.clearAllMocks();
});

describe('the Google Drive dashboard card', () => {
  it("is framed like every dashboard widget: WidgetFrame's level-2 title, and the connect offer as its empty state", () => {
    const card = renderCard();
    expect(card).toHaveClass('widget');
    expect(within(card).getByRole('heading', { level: 2, name: 'Google Drive' })).toHaveClass('widget-title');
    expect(within(card).getByText('Connect your Google Drive to import files and keep portfolio folders there.')).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Connect Google Drive' })).toBeInTheDocument();
  });

  it('shows the shared loading state while it reads the account of a connection', () => {
    drive.state = { ...connectedState, account: undefined };
    account.status = { kind: 'loading' };
    const card = renderCard();
    expect(within(card).getByRole('status')).toHaveTextContent('Loading...');
  });

  it('connected: the badge beside the title, the account, the access granted, Disconnect after a question', async () => {
    drive.state = connectedState;
    account.status = { kind: 'ready' };
    const card = renderCard();
    expect(within(card).getByText('Connected')).toBeInTheDocument();
    expect(card).toHaveTextContent('Ana (ana@example.com)');
    expect(within(card).getByRole('listitem')).toHaveTextContent('See and download your Drive files');
    await userEvent.click(within(card).getByRole('button', { name: 'Disconnect' }));
    await userEvent.click(within(await screen.findByRole('alertdialog', { name: 'Disconnect Google Drive?' })).getByRole('button', { name: 'Disconnect' }));
    expect(drive.disconnect).toHaveBeenCalledTimes(1);
  });

  it("Drive unreachable: the shared error state with SPEC's text and Try Again, and Disconnect still at hand", async () => {
    drive.state = connectedState;
    account.status = { kind: 'unavailable' };
    const card = renderCard();
    const alert = within(card).getByRole('alert');
    expect(alert).toHaveTextContent(DRIVE_CONNECTION_MESSAGES.unavailable);
    await userEvent.click(within(alert).getByRole('button', { name: 'Try Again' }));
    expect(account.retry).toHaveBeenCalledTimes(1);
    await userEvent.click(within(card).getByRole('button', { name: 'Disconnect' }));
    expect(await screen.findByRole('alertdialog', { name: 'Disconnect Google Drive?' })).toBeInTheDocument();
  });

  it('turned off: says so', () => {
    drive.enabled = false;
    expect(renderCard()).toHaveTextContent('Drive import is turned off.');
  });
});
