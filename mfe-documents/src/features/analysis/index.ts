// The analysis feature's public surface (OCR on the device, suggestions; issue 15).
export { AnalysisSection } from './analysis-section';
export { UploadAnalysis } from './suggestion-list';
export { useAnalysisQueue } from './use-analysis';
