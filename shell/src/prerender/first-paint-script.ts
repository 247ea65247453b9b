// Inlined into index.html's <head> by the shell's build (tools/webpack/prerender-landing.cjs,
// ADR 0220) and allowed by the static host's CSP through its sha256. It runs before the body is
// parsed, so the prerendered landing is shown — or stays hidden — from the first paint.
import { browserStorage } from '../landing-visit';
import { markFirstPaint } from './first-paint';

markFirstPaint(window.location, browserStorage(), document);
