import { LOCAL_DEFAULTS, REMOTE_DEFAULT_PORTS, instancePorts } from './registry';

// Ports come from the one registry (shared/src/contract/registry.json, ADR 0431), nowhere else.
describe('instancePorts', () => {
  it('are the registry’s ports when nothing moves them', () => {
    expect(instancePorts({})).toEqual({ shellPort: LOCAL_DEFAULTS.shellPort, remotePorts: REMOTE_DEFAULT_PORTS });
    expect(REMOTE_DEFAULT_PORTS).toEqual({ documents: 4201, portfolios: 4202, driveImport: 4203, account: 4204, debug: 4205 });
  });

  it('moves the remotes along with the shell, in the registry’s order, or to REMOTE_PORT_BASE', () => {
    expect(instancePorts({ SHELL_PORT: '5100' })).toEqual({ shellPort: 5100, remotePorts: { documents: 5101, portfolios: 5102, driveImport: 5103, account: 5104, debug: 5105 } });
    expect(instancePorts({ SHELL_PORT: '5100', REMOTE_PORT_BASE: '6000' }).remotePorts.debug).toBe(6004);
    expect(instancePorts({ REMOTE_PORT_BASE: '6000' })).toMatchObject({ shellPort: LOCAL_DEFAULTS.shellPort, remotePorts: { documents: 6000 } });
    expect(instancePorts({ SHELL_PORT: '0' }).remotePorts).toEqual({ documents: 0, portfolios: 0, driveImport: 0, account: 0, debug: 0 });
  });

  it('refuses a port that is not one, naming the variable', () => {
    expect(() => instancePorts({ SHELL_PORT: 'http' })).toThrow('SHELL_PORT must be a port number (0-65535, 0 = a free one), got "http"');
    expect(() => instancePorts({ REMOTE_PORT_BASE: '70000' })).toThrow(/REMOTE_PORT_BASE must be a port number/);
  });
});
