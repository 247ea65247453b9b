import type { AreaRegistration, RemoteName } from '@dossier/shared';
import { createWidgetRegistry } from './widget-registry';

const Recent = () => null;
const Summary = () => null;

function fakeAreas(modules: Partial<Record<RemoteName, AreaRegistration>>, failing: RemoteName[] = []) {
  const loaded = new Map<RemoteName, AreaRegistration>();
  const load = jest.fn(async (name: RemoteName) => {
    if (failing.includes(name)) throw new Error('down');
    const module = modules[name];
    if (!module) throw new Error('missing');
    loaded.set(name, module);
    return module;
  });
  return { load, loaded: (name: RemoteName) => loaded.get(name), enabled: (name: RemoteName) => name in modules || failing.includes(name) };
}

describe('widget registry', () => {
  const documents: AreaRegistration = { contractVersion: '2.0.0', routes: [], nav: [], widgets: { 'documents.recent': Recent } };
  const portfolios: AreaRegistration = { contractVersion: '2.0.0', routes: [], nav: [], widgets: { 'portfolios.summary': Summary } };

  it('loads the owning area on demand, chosen by the name prefix', async () => {
    const areas = fakeAreas({ documents, portfolios });
    const registry = createWidgetRegistry(areas);
    expect(registry.get('documents.recent')).toBeUndefined();
    expect(await registry.load('documents.recent')).toBe(Recent);
    expect(areas.load).toHaveBeenCalledWith('documents');
    expect(areas.load).not.toHaveBeenCalledWith('portfolios');
    expect(registry.get('documents.recent')).toBe(Recent);
    expect(registry.names()).toEqual(['documents.recent']);
  });

  it('answers undefined for unknown widgets and areas, and rejects when the area fails', async () => {
    const registry = createWidgetRegistry(fakeAreas({ documents }, ['driveImport']));
    expect(await registry.load('documents.nope')).toBeUndefined();
    expect(await registry.load('weather.today')).toBeUndefined();
    await expect(registry.load('drive.connection-card')).rejects.toThrow('down');
  });
});
