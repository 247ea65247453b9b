import { REMOTE_NAMES, REMOTE_REGISTRY } from '@dossier/registry';
import { AREA_NAV_FALLBACK, SHELL_NAV, visibleNavItems } from './nav-table';

const ALL = [...SHELL_NAV, ...AREA_NAV_FALLBACK.documents, ...AREA_NAV_FALLBACK.portfolios, ...AREA_NAV_FALLBACK.account];
const PUBLIC = { label: 'Help', path: '/help' };

describe('visibleNavItems (ADR 0246)', () => {
  it('offers a signed-out visitor none of the members’ pages', () => {
    expect(visibleNavItems([...ALL, PUBLIC], 'signed-out')).toEqual([PUBLIC]);
    expect(visibleNavItems(ALL, 'signed-out')).toEqual([]);
  });

  it('keeps every item for a member, and while the session is still being restored', () => {
    expect(visibleNavItems(ALL, 'signed-in').map((item) => item.label)).toEqual(['Dashboard', 'Documents', 'Portfolios', 'Transfers', 'Settings']);
    expect(visibleNavItems(ALL, 'loading')).toEqual(ALL);
  });
});

describe('the nav shown before an area loads (ADR 0430)', () => {
  it('is each area’s nav as the registry lists it', () => {
    for (const area of REMOTE_NAMES) expect(AREA_NAV_FALLBACK[area]).toEqual(REMOTE_REGISTRY[area].nav);
    expect(AREA_NAV_FALLBACK.debug).toEqual([]);
  });
});
