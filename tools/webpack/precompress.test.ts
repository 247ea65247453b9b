import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, constants as zlibConstants } from 'node:zlib';
import { randomBytes } from 'node:crypto';
import webpack from 'webpack';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { Precompress } = require('./precompress.cjs') as { Precompress: new (options?: { quality?: number; largeQuality?: number }) => webpack.WebpackPluginInstance };

/** A real webpack build of `entry`'s source into a temporary folder, with the plugin. */
async function build(source: string, extraAssets: Record<string, string | Buffer> = {}) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'precompress-'));
  writeFileSync(path.join(dir, 'entry.js'), source);
  const emitExtra: webpack.WebpackPluginInstance = {
    apply(compiler) {
      compiler.hooks.thisCompilation.tap('extra', (compilation) => {
        compilation.hooks.processAssets.tap({ name: 'extra', stage: webpack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL }, () => {
          for (const [name, text] of Object.entries(extraAssets)) compilation.emitAsset(name, new webpack.sources.RawSource(text));
        });
      });
    },
  };
  const compiler = webpack({
    mode: 'production',
    context: dir,
    entry: './entry.js',
    output: { path: path.join(dir, 'dist'), filename: 'main.js', clean: true },
    // Quality 4 keeps the test fast; the build's own quality (11) changes the size, not the rules.
    plugins: [emitExtra, new Precompress({ quality: 4, largeQuality: 1 })],
    optimization: { minimize: false },
  });
  const stats = await new Promise<webpack.Stats>((resolve, reject) => compiler.run((e, s) => (e ? reject(e) : resolve(s!))));
  await new Promise<void>((resolve) => compiler.close(() => resolve()));
  expect(stats.hasErrors()).toBe(false);
  return { dir, dist: path.join(dir, 'dist'), assets: Object.keys(stats.compilation.assets) };
}

describe('Precompress: Brotli copies beside the build (ADR 0495)', () => {
  const dirs: string[] = [];
  afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

  it('writes a .br copy of each text file over 1 KiB that decodes to the very same bytes', async () => {
    const big = `export const words = ${JSON.stringify('passport policy expiry reminder '.repeat(200))};\nconsole.log(words);\n`;
    const { dir, dist } = await build(big, { 'manifest.json': JSON.stringify({ files: Array.from({ length: 100 }, (_, i) => `chunk-${i}.js`) }), 'small.css': 'body{margin:0}' });
    dirs.push(dir);
    const files = readdirSync(dist).sort();
    expect(files).toEqual(['main.js', 'main.js.br', 'manifest.json', 'manifest.json.br', 'small.css']);
    for (const name of ['main.js', 'manifest.json']) {
      const original = readFileSync(path.join(dist, name));
      const copy = readFileSync(path.join(dist, `${name}.br`));
      expect(brotliDecompressSync(copy).equals(original)).toBe(true);
      expect(copy.length).toBeLessThan(original.length);
    }
  });

  it('compresses a file of 1 MiB or more at the quick quality (the OCR engines: minutes at 11)', async () => {
    const large = Buffer.from(Array.from({ length: 30_000 }, (_, i) => `line ${i} of a very large engine file\n`).join(''));
    expect(large.length).toBeGreaterThanOrEqual(1024 * 1024);
    const { dir, dist } = await build('console.log(1);', { 'engine.wasm.js': large });
    dirs.push(dir);
    const at = (quality: number) =>
      brotliCompressSync(large, { params: { [zlibConstants.BROTLI_PARAM_MODE]: zlibConstants.BROTLI_MODE_TEXT, [zlibConstants.BROTLI_PARAM_QUALITY]: quality, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: large.length } });
    const copy = readFileSync(path.join(dist, 'engine.wasm.js.br'));
    expect(copy.equals(at(1))).toBe(true);
    expect(copy.equals(at(4))).toBe(false);
  });

  it('keeps the copies out of the compilation, so no manifest or precache list names them', async () => {
    const { dir, assets } = await build(`console.log(${JSON.stringify('x'.repeat(4000))});`);
    dirs.push(dir);
    expect(assets).toEqual(['main.js']);
  });

  it('writes no copy that would not be smaller (random bytes do not compress)', async () => {
    const { dir, dist } = await build('console.log(1);', { 'noise.txt': randomBytes(3000) });
    dirs.push(dir);
    expect(readdirSync(dist)).not.toContain('noise.txt.br');
  });
});
