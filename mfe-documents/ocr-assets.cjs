// Where the OCR files of tesseract.js land in mfe-documents' output (docs/decisions/0110). The
// folders carry the package versions, so a new version is a new URL and the old files may be cached
// for ever. `src/features/analysis/ocr-engine.ts` builds the same paths from OCR_ASSET_DIRS.
const path = require('node:path');

/** English and the optional languages (shared/src/core/analysis-settings: OCR_EXTRA_LANGUAGES). */
const OCR_LANGUAGES = ['eng', 'fra', 'deu', 'spa'];

const version = (root, name) => require(path.join(root, 'node_modules', name, 'package.json')).version;

function ocrAssetDirs(root) {
  return {
    worker: `ocr/tesseract.js-${version(root, 'tesseract.js')}`,
    core: `ocr/tesseract.js-core-${version(root, 'tesseract.js-core')}`,
    lang: `ocr/lang-${version(root, '@tesseract.js-data/eng')}`,
  };
}

function ocrAssetPatterns(root) {
  const dirs = ocrAssetDirs(root);
  const modules = path.join(root, 'node_modules');
  return [
    { from: path.join(modules, 'tesseract.js/dist/worker.min.js'), to: `${dirs.worker}/worker.min.js` },
    // The LSTM-only cores (the engine mode Dossier uses), with the wasm inlined: the worker picks the
    // one the browser supports (relaxed SIMD, SIMD or plain).
    ...['tesseract-core-relaxedsimd-lstm.wasm.js', 'tesseract-core-simd-lstm.wasm.js', 'tesseract-core-lstm.wasm.js'].map((file) => ({
      from: path.join(modules, 'tesseract.js-core', file),
      to: `${dirs.core}/${file}`,
    })),
    // English ships with the app; the languages a person can add in Settings are the same package
    // family, in the same folder, fetched by the worker only once chosen (docs/decisions/0202).
    ...OCR_LANGUAGES.map((code) => ({
      from: path.join(modules, `@tesseract.js-data/${code}/4.0.0_best_int/${code}.traineddata.gz`),
      to: `${dirs.lang}/${code}.traineddata.gz`,
    })),
  ];
}

module.exports = { ocrAssetDirs, ocrAssetPatterns };
