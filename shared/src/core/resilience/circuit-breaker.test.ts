/** @jest-environment node */
import { CircuitOpenError, circuitFor, createCircuit, resetCircuits } from './circuit-breaker';
import { runOperation } from './resilient-operation';

const server = () => Object.assign(new Error('down'), { status: 503 });
const fail = async () => {
  throw server();
};

beforeEach(() => {
  jest.useFakeTimers();
  resetCircuits();
});
afterEach(() => jest.useRealTimers());

async function failTimes(circuit: ReturnType<typeof createCircuit>, times: number) {
  for (let i = 0; i < times; i += 1) await expect(circuit.execute(fail)).rejects.toMatchObject({ status: 503 });
}

describe('createCircuit (SPEC §9: 5 failures, 60 s open, 5 min window)', () => {
  it('opens after 5 temporary failures and then fails fast without calling the operation', async () => {
    const circuit = createCircuit('download');
    await failTimes(circuit, 4);
    expect(circuit.status()).toBe('closed');
    await failTimes(circuit, 1);
    expect(circuit.status()).toBe('open');
    const task = jest.fn(async () => 'x');
    await expect(circuit.execute(task)).rejects.toBeInstanceOf(CircuitOpenError);
    expect(task).not.toHaveBeenCalled();
  });

  it('stays open 60 s, then lets one probe through; a successful probe closes it', async () => {
    const circuit = createCircuit('upload');
    await failTimes(circuit, 5);
    jest.advanceTimersByTime(59_999);
    await expect(circuit.execute(async () => 'x')).rejects.toBeInstanceOf(CircuitOpenError);
    jest.advanceTimersByTime(1);
    expect(circuit.status()).toBe('half-open');
    await expect(circuit.execute(async () => 'probe')).resolves.toBe('probe');
    expect(circuit.status()).toBe('closed');
  });

  it('a failed probe opens it again for another 60 s', async () => {
    const circuit = createCircuit('delete');
    await failTimes(circuit, 5);
    jest.advanceTimersByTime(60_000);
    await expect(circuit.execute(fail)).rejects.toMatchObject({ status: 503 });
    expect(circuit.status()).toBe('open');
    await expect(circuit.execute(async () => 'x')).rejects.toBeInstanceOf(CircuitOpenError);
  });

  it('forgets failures older than 5 minutes', async () => {
    const circuit = createCircuit('download');
    await failTimes(circuit, 4);
    jest.advanceTimersByTime(5 * 60_000);
    await failTimes(circuit, 4);
    expect(circuit.status()).toBe('closed');
    await failTimes(circuit, 1);
    expect(circuit.status()).toBe('open');
  });

  it('a success resets the count', async () => {
    const circuit = createCircuit('download');
    await failTimes(circuit, 4);
    await circuit.execute(async () => 'ok');
    await failTimes(circuit, 4);
    expect(circuit.status()).toBe('closed');
  });

  it('permanent failures do not count', async () => {
    const circuit = createCircuit('upload');
    for (let i = 0; i < 6; i += 1) {
      await expect(circuit.execute(async () => Promise.reject(Object.assign(new Error('no'), { status: 403 })))).rejects.toMatchObject({ status: 403 });
    }
    expect(circuit.status()).toBe('closed');
  });

  it('keeps one circuit per operation', () => {
    expect(circuitFor('download')).toBe(circuitFor('download'));
    expect(circuitFor('download')).not.toBe(circuitFor('upload'));
  });
});

describe('runOperation', () => {
  it('counts every try, so two failing downloads (3 tries each) trip the download circuit', async () => {
    const first = runOperation('download', fail, { random: () => 0 }).catch((e: unknown) => e);
    await jest.advanceTimersByTimeAsync(3000);
    expect(await first).toMatchObject({ status: 503 });
    const second = runOperation('download', fail, { random: () => 0 }).catch((e: unknown) => e);
    await jest.advanceTimersByTimeAsync(3000);
    expect(await second).toBeInstanceOf(CircuitOpenError);
    expect(circuitFor('download').status()).toBe('open');
    expect(circuitFor('upload').status()).toBe('closed');
  });
});
