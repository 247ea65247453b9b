/** @jest-environment node */
import { sha256Hex } from './content-hash';

describe('sha256Hex', () => {
  it('is the hex SHA-256 of the bytes', async () => {
    // The well-known digest of "abc" (FIPS 180-2, appendix B.1).
    await expect(sha256Hex(new Blob(['abc']))).resolves.toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });

  it('reads a file once however often it is asked (the import and the upload share the digest)', async () => {
    const file = new Blob(['the same bytes']);
    const read = jest.spyOn(file, 'arrayBuffer');
    const [a, b] = await Promise.all([sha256Hex(file), sha256Hex(file)]);
    expect(await sha256Hex(file)).toBe(a);
    expect(b).toBe(a);
    expect(read).toHaveBeenCalledTimes(1);
  });

  it('a read that failed is tried again', async () => {
    const file = new Blob(['flaky']);
    const read = jest.spyOn(file, 'arrayBuffer').mockRejectedValueOnce(new Error('NotReadableError'));
    await expect(sha256Hex(file)).rejects.toThrow('NotReadableError');
    await expect(sha256Hex(file)).resolves.toMatch(/^[0-9a-f]{64}$/);
    expect(read).toHaveBeenCalledTimes(2);
  });
});
