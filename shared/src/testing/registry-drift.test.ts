import { REMOTE_REGISTRY, defineArea, type AreaHost } from '@dossier/shared/contract';
import { areaRegistryDrift, registryDrift } from './registry-drift';

const Page = () => null;
const BUILD = { contractVersion: '0.0.0', sharedRequirements: {} };

/** What the registry lists for portfolios, registered as an area would. */
function portfolios(change: (host: AreaHost) => void = () => undefined) {
  return defineArea(BUILD, (host) => {
    host.addRoutes(REMOTE_REGISTRY.portfolios.paths.map((path) => ({ path, Component: Page })));
    host.addNav(REMOTE_REGISTRY.portfolios.nav.map((item) => ({ ...item })));
    host.addWidgets(Object.fromEntries(REMOTE_REGISTRY.portfolios.widgets.map((name) => [name, Page])));
    change(host);
  });
}

describe('registryDrift (ADR 0430)', () => {
  it('finds nothing when an area registers what the registry lists', () => {
    expect(areaRegistryDrift('portfolios', portfolios())).toEqual([]);
  });

  it('names a path, nav entry or widget the area adds and the registry does not list', () => {
    const drift = areaRegistryDrift(
      'portfolios',
      portfolios((host) => {
        host.addRoutes([{ path: '/portfolio-archive', Component: Page }]);
        host.addNav([{ label: 'Archive', path: '/portfolio-archive', order: 21, requiresAuth: true }]);
        host.addWidgets({ 'portfolios.archive': Page } as never);
      }),
    );
    expect(drift).toEqual([
      'portfolios registers the path /portfolio-archive, which the registry does not list',
      'portfolios registers the nav entry ["Archive","/portfolio-archive",21,true], which the registry does not list',
      'portfolios offers the widget portfolios.archive, which the registry does not list',
    ]);
  });

  it('names what the registry lists and the area no longer registers, a changed nav entry included', () => {
    const drift = registryDrift('account', {
      routes: REMOTE_REGISTRY.account.paths.filter((path) => path !== '/terms').map((path) => ({ path, Component: Page })),
      nav: REMOTE_REGISTRY.account.nav.map((item) => (item.path === '/settings' ? { ...item, order: 5 } : { ...item })),
      widgets: Object.fromEntries(REMOTE_REGISTRY.account.widgets.filter((name) => name !== 'account.plan-badge').map((name) => [name, Page])),
    });
    expect(drift).toEqual([
      'the registry lists the path /terms for account, which it does not register',
      'account registers the nav entry ["Settings","/settings",5,true], which the registry does not list',
      'the registry lists the nav entry ["Settings","/settings",90,true] for account, which it does not register',
      'the registry lists the widget account.plan-badge for account, which it does not offer',
    ]);
  });

  it('lets an area add pages under a sub-path the shell already routes to it', () => {
    const documents = REMOTE_REGISTRY.documents;
    const registered = {
      routes: [...documents.paths, '/documents/:id/history'].map((path) => ({ path, Component: Page })),
      nav: documents.nav.map((item) => ({ ...item })),
      widgets: Object.fromEntries(documents.widgets.map((name) => [name, Page])),
    };
    expect(documents.subPaths).toContain('/documents/*');
    expect(registryDrift('documents', registered)).toEqual([]);
  });
});
