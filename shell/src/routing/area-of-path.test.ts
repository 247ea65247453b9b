import { REMOTE_NAMES, REMOTE_REGISTRY } from '@dossier/shared';
import { DRIVE_OAUTH_CALLBACK_PATH } from '@dossier/shared/drive-oauth';
import { AREA_ROUTES, SHELL_ROUTES, areaOfPath } from './route-table';

// bootstrap.tsx starts loading the area an address names before the first render (issue 24).
describe('areaOfPath', () => {
  it('names the area whose paths include the address, by the router’s own matching', () => {
    expect(areaOfPath('/documents')).toBe('documents');
    expect(areaOfPath('/documents/abc/preview')).toBe('documents');
    expect(areaOfPath('/link/3f9a1c')).toBe('documents');
    expect(areaOfPath('/portfolios/42')).toBe('portfolios');
    expect(areaOfPath('/settings')).toBe('account');
  });

  it('names none for the shell’s own pages and unknown addresses', () => {
    expect(areaOfPath('/')).toBeUndefined();
    expect(areaOfPath('/dashboard')).toBeUndefined();
    expect(areaOfPath('/auth')).toBeUndefined();
    expect(areaOfPath('/no-such-page')).toBeUndefined();
  });
});

describe('the route table (ADR 0430)', () => {
  it('is the registry’s paths: every debug page once, /oauth-callback owned by the diagnostics area alone', () => {
    const owners = (path: string) => REMOTE_NAMES.filter((area) => AREA_ROUTES[area].includes(path));
    for (const area of REMOTE_NAMES) expect(AREA_ROUTES[area]).toEqual([...REMOTE_REGISTRY[area].paths, ...REMOTE_REGISTRY[area].subPaths]);
    expect(AREA_ROUTES.debug).toHaveLength(18);
    expect(new Set(REMOTE_NAMES.flatMap((area) => AREA_ROUTES[area])).size).toBe(REMOTE_NAMES.flatMap((area) => AREA_ROUTES[area]).length);
    expect(owners(DRIVE_OAUTH_CALLBACK_PATH)).toEqual(['debug']);
    expect(areaOfPath('/google-scope-debugger')).toBe('debug');
  });

  it('gives the shell’s own pages to no area', () => {
    for (const route of SHELL_ROUTES) expect([route.path, areaOfPath(route.path)]).toEqual([route.path, undefined]);
  });
});

describe('areaOfPath matches as the router does (main.ts asks before the router is here)', () => {
  it('ignores case and a trailing slash, takes one segment for a :param and anything under a /* prefix', () => {
    expect(areaOfPath('/Documents/')).toBe('documents');
    expect(areaOfPath('/documents/a/b/c')).toBe('documents');
    expect(areaOfPath('/link/abc/def')).toBeUndefined();
    expect(areaOfPath('/link')).toBeUndefined();
    expect(areaOfPath('/documentsx')).toBeUndefined();
  });
});
