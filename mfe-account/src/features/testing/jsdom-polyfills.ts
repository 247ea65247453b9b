// jsdom lacks TextEncoder/TextDecoder, which react-router and supabase-js read when they load.
// Import this module first in a test file.
import { TextDecoder, TextEncoder } from 'node:util';

Object.assign(globalThis, { TextEncoder, TextDecoder });
