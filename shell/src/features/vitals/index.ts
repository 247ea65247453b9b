export { startWebVitals, observeFirstInputDelay } from './start-web-vitals';
