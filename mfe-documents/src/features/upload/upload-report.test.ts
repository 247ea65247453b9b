import type { UploadItem } from './upload-manager';
import { uploadReport, uploadSummary } from './upload-report';

const item = (status: UploadItem['status'], message?: string, batch = 1): UploadItem => ({ key: status, documentId: 'd', name: `${status}.pdf`, size: 1, status, batch, loaded: 0, message });

describe('uploadReport', () => {
  it('counts uploaded, skipped and failed files with the failures’ reason, and what is still on its way', () => {
    const report = uploadReport([
      item('done'),
      item('done'),
      item('skipped', 'Skipped: you already have this file.'),
      item('refused', '“virus.exe” is not a kind of file Dossier keeps.'),
      item('queued-offline'),
    ]);
    expect(report.line).toBe('Uploaded 2 · Skipped 1 · Failed 1 — “virus.exe” is not a kind of file Dossier keeps. · 1 still to go');
    expect(report.progress).toBe('4 of 5 files');
  });

  it('says nothing was skipped only when something was', () => {
    expect(uploadReport([item('done')]).line).toBe('Uploaded 1 · Failed 0');
  });
});

describe('uploadSummary', () => {
  it('counts the latest batch only, and names the failures of earlier batches still listed', () => {
    const earlier = [item('done', undefined, 1), item('failed', 'Server is temporarily unavailable.', 1), item('cancelled', undefined, 1)];
    expect(uploadSummary([...earlier, item('done', undefined, 2), item('done', undefined, 2)])).toBe('Uploaded 2 · Failed 0 · Failed earlier 1 (shown with each file)');
    expect(uploadSummary([item('done', undefined, 1), item('refused', '“virus.exe” refused', 2)])).toBe('Uploaded 0 · Failed 1 — “virus.exe” refused');
  });
});
