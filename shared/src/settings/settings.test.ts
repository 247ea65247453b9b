import { readFileSync } from 'node:fs';
import path from 'node:path';
import { SettingsError, TABLE_END, TABLE_START, instancePorts, parseSettings, settingsTable } from './settings';

const root = path.resolve(__dirname, '../../..');

describe('the settings schema (ADR 0431)', () => {
  it('is the table in docs/configuration.md (regenerate: npx tsx scripts/configuration-table.ts)', () => {
    const doc = readFileSync(path.join(root, 'docs/configuration.md'), 'utf8');
    const start = doc.indexOf(TABLE_START);
    const end = doc.indexOf(TABLE_END);
    expect(start).toBeGreaterThan(-1);
    expect(doc.slice(start + TABLE_START.length, end).trim()).toBe(settingsTable());
  });

  it('reads what is set, with empty as unset', () => {
    expect(parseSettings({ DEBUG_ROUTES: 'On', DRIVE_ENABLED: '0', UPLOAD_MAX_BYTES: '1000', SHELL_PORT: '0', SUPABASE_URL: '', PATH: '/bin' })).toEqual({
      DEBUG_ROUTES: true,
      DRIVE_ENABLED: false,
      UPLOAD_MAX_BYTES: 1000,
      SHELL_PORT: 0,
    });
  });

  it('refuses wrong values, naming each variable and what it got', () => {
    const wrong = { SHELL_PORT: '70000', DEBUG_ROUTES: 'maybe', REMOTE_ACCOUNT_URL: 'cdn/account', UPLOAD_MAX_BYTES: '5 MB' };
    expect(() => parseSettings(wrong)).toThrow(SettingsError);
    expect(() => parseSettings(wrong)).toThrow(
      'The environment is not valid: REMOTE_ACCOUNT_URL must be an absolute http(s) URL (got "cdn/account"); DEBUG_ROUTES must be true or false (1/0, yes/no, on/off) (got "maybe"); UPLOAD_MAX_BYTES must be a positive whole number of bytes (got "5 MB"); SHELL_PORT must be a port number (0-65535, 0 = a free one) (got "70000") (docs/configuration.md)',
    );
  });
});

describe('instancePorts', () => {
  it('are the registry’s ports when nothing moves them', () => {
    expect(instancePorts({})).toEqual({ shellPort: 4200, remotePorts: { documents: 4201, portfolios: 4202, driveImport: 4203, account: 4204, debug: 4205 } });
  });

  it('move the remotes along with the shell, in the registry’s order, or to REMOTE_PORT_BASE', () => {
    expect(instancePorts({ SHELL_PORT: 5100 }).remotePorts).toEqual({ documents: 5101, portfolios: 5102, driveImport: 5103, account: 5104, debug: 5105 });
    expect(instancePorts({ SHELL_PORT: 5100, REMOTE_PORT_BASE: 6000 }).remotePorts.debug).toBe(6004);
    expect(instancePorts({ REMOTE_PORT_BASE: 6000 })).toMatchObject({ shellPort: 4200, remotePorts: { documents: 6000 } });
    expect(instancePorts({ SHELL_PORT: 0 }).remotePorts).toEqual({ documents: 0, portfolios: 0, driveImport: 0, account: 0, debug: 0 });
  });
});
