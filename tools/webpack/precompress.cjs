// Brotli copies of a production build's text files, written beside them (`main.1a2b3c4d5e.js.br`)
// once webpack has written the build (ADR 0495). The static host sends the copy to a browser that
// accepts `br` (local-stack/src/static-host/precompressed.ts); a CDN can do the same. Brotli at
// the highest quality is ~13 % smaller than the host's gzip for Dossier's JavaScript, but far too
// slow to run per request, so it runs once here.
//
// Quality 11 for the app's files (263 of them under 1 MiB: 56 s of CPU on a loaded machine), a
// quick quality 5 for the few very large ones (the OCR engines, 3.8 MB each, fetched only to read
// a scan): at 11 those four alone took two minutes, for 5 % fewer bytes than at 5.
//
// After emit, not as assets of the compilation: Workbox's precache list and the federation
// manifest are made from the compilation's assets and must not name the copies. `output.clean`
// removes the last build's copies with the rest, and the static host never sends a copy older than
// its file, so a file rebuilt or replaced in place cannot be answered with stale bytes.
const fs = require('node:fs/promises');
const path = require('node:path');
const { promisify } = require('node:util');
const zlib = require('node:zlib');

const brotli = promisify(zlib.brotliCompress);
const NAME = 'Precompress';
/** Text the static host would compress; source maps are for developers and never sent to a page. */
const COMPRESSIBLE = /\.(m?js|css|html|json|svg|webmanifest|txt)$/;
/** Below this the host sends the file as it is (hono's compress threshold). */
const MIN_BYTES = 1024;
/** From this size on, a file gets `largeQuality`. */
const LARGE_BYTES = 1024 * 1024;

/**
 * @param {Buffer} bytes
 * @param {number} quality 0–11
 */
function brotliOf(bytes, quality) {
  return brotli(bytes, {
    params: {
      [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
      [zlib.constants.BROTLI_PARAM_QUALITY]: quality,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
    },
  });
}

/** The emitted files worth a Brotli copy: compressible text of at least MIN_BYTES. */
function filesToCompress(compilation) {
  return compilation
    .getAssets()
    .filter(({ name, source }) => COMPRESSIBLE.test(name) && source.size() >= MIN_BYTES)
    .map(({ name }) => name);
}

class Precompress {
  /** @param {{ quality?: number, largeQuality?: number }} [options] */
  constructor(options = {}) {
    this.quality = options.quality ?? 11;
    this.largeQuality = options.largeQuality ?? 5;
  }

  apply(compiler) {
    compiler.hooks.afterEmit.tapPromise(NAME, async (compilation) => {
      const outputPath = compilation.getPath(compiler.outputPath);
      // zlib's asynchronous calls run on libuv's thread pool: the files are compressed side by side.
      await Promise.all(
        filesToCompress(compilation).map(async (name) => {
          const file = path.join(outputPath, name);
          // Read back, not taken from the compilation: after emit webpack keeps only each asset's
          // size (its sources are released), and the assetEmitted hook, which has the bytes, is not
          // called for a file left as it was on disk, whose copy output.clean has just removed.
          const bytes = await fs.readFile(file);
          const compressed = await brotliOf(bytes, bytes.length >= LARGE_BYTES ? this.largeQuality : this.quality);
          // A copy that saves nothing would only cost the browser a decoder pass.
          if (compressed.length < bytes.length) await fs.writeFile(`${file}.br`, compressed);
        }),
      );
    });
  }
}

module.exports = { Precompress };
