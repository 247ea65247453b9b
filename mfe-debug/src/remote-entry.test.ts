import { areaRegistryDrift } from '@dossier/shared/testing';
import area from './remote-entry';

// The shell routes, shows the nav and names widgets from the registry before this area loads
// (ADR 0430): its register step must add exactly what registry.json lists for it.
describe('the debug area against the registry of areas', () => {
  it('registers exactly the paths, nav entries and widgets the registry lists', () => {
    expect(areaRegistryDrift('debug', area)).toEqual([]);
  });
});
