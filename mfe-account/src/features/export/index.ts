// The export feature's public surface.
export { ExportSection } from './export-section';
