// The one jsdom setup of every project (setupFilesAfterEnv, before each test file loads): jest-dom
// matchers, and the Web APIs jsdom lacks but react-router and supabase-js expect (Node has them).
require('@testing-library/jest-dom');
const util = require('node:util');

if (typeof globalThis.TextEncoder === 'undefined') globalThis.TextEncoder = util.TextEncoder;
if (typeof globalThis.TextDecoder === 'undefined') globalThis.TextDecoder = util.TextDecoder;
// matchMedia (install prompt, overlays): jsdom has none; nothing matches.
if (typeof window !== 'undefined' && !window.matchMedia) {
  window.matchMedia = (query) => ({
    matches: false,
    media: query,
    onchange: null,
    addEventListener() {},
    removeEventListener() {},
    addListener() {},
    removeListener() {},
    dispatchEvent: () => false,
  });
}

// The design system's Radix parts are fetched on demand in the browser (ADR 0455); tests get them
// before each file runs, so a click opens a menu or dialog in the same tick, as before.
if (typeof window !== 'undefined') {
  const { loadOverlays } = require('../../shared/src/ui/design-system/deferred-overlays');
  beforeAll(() => loadOverlays());
}
