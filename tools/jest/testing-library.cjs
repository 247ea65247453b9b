// Shared setup for every project's Testing Library tests: jest-dom matchers, and the Web APIs
// jsdom lacks but react-router and supabase-js expect (Node has them).
require('@testing-library/jest-dom');
const util = require('node:util');

if (typeof globalThis.TextEncoder === 'undefined') globalThis.TextEncoder = util.TextEncoder;
if (typeof globalThis.TextDecoder === 'undefined') globalThis.TextDecoder = util.TextDecoder;
