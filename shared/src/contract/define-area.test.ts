import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { defineArea } from './define-area';
import { CONTRACT_VERSION, registerArea, type AreaHost } from './remote-module';

const root = path.resolve(__dirname, '../../..');

describe('defineArea', () => {
  it("reports the build it is handed, not the contract of the shared copy it runs in", () => {
    const register = jest.fn();
    const area = defineArea({ contractVersion: '9.4.0', release: 'abc123', sharedRequirements: { react: '^20.0.0' } }, register);
    expect(area).toEqual({ contractVersion: '9.4.0', release: 'abc123', sharedRequirements: { react: '^20.0.0' }, register });
    expect(area.contractVersion).not.toBe(CONTRACT_VERSION);
  });

  it('runs the area’s own register step when the shell registers it', () => {
    const area = defineArea({ contractVersion: CONTRACT_VERSION, sharedRequirements: {} }, (host) => {
      host.addNav([{ label: 'Somewhere', path: '/somewhere' }]);
    });
    const host = { services: {} as AreaHost['services'], auth: jest.fn() };
    expect(registerArea(area, host)).toMatchObject({ contractVersion: CONTRACT_VERSION, nav: [{ label: 'Somewhere', path: '/somewhere' }] });
  });

  // @dossier/shared is a runtime singleton (the shell's copy): reading @dossier/build in it would
  // make every remote report the shell's contract, and the refusal could never happen (issue 8 §1).
  it('is handed each remote’s own BUILD, and the shared contract never imports @dossier/build', () => {
    const contractSources = readdirSync(__dirname).filter((name) => /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name));
    for (const name of contractSources) {
      expect([name, /from '@dossier\/build'/.test(readFileSync(path.join(__dirname, name), 'utf8'))]).toEqual([name, false]);
    }
    const remotes = readdirSync(root).filter((name) => name.startsWith('mfe-'));
    expect(remotes.length).toBeGreaterThanOrEqual(5);
    for (const remote of remotes) {
      const entry = readFileSync(path.join(root, remote, 'src/remote-entry.ts'), 'utf8');
      expect([remote, /import \{ BUILD \} from '@dossier\/build'/.test(entry), /export default defineArea\(BUILD,/.test(entry)]).toEqual([remote, true, true]);
    }
  });
});
