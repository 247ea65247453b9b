import { areaOfPath } from './route-table';

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
