// jsdom lacks TextEncoder/TextDecoder, which react-router reads when it loads. Import this
// module first in a test file that renders routes.
import { TextDecoder, TextEncoder } from 'node:util';
import '@testing-library/jest-dom';

Object.assign(globalThis, { TextEncoder, TextDecoder });
