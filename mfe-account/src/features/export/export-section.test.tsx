import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeAppConfig } from '@dossier/shared/testing';
import { DOCUMENT_LIMITS } from '@dossier/shared/core';
import { renderPage } from '../testing/render-page';
import { ExportSection } from './export-section';

// The archive code is what the section hands the file to; the import itself is proven end to end
// (export-round-trip platform test, export-reimport spec). Here: what the section tells it.
const importLibrary = jest.fn(async () => ({ done: 1, failed: [], report: { done: 1, failed: [] } }));
jest.mock('@dossier/shared/archive', () => ({ importLibrary: (...args: unknown[]) => importLibrary(...(args as [])) }));

const user = { id: 'u1', email: 'ana@example.com', name: 'Ana' };

async function importAnExport(config = fakeAppConfig()) {
  renderPage(<ExportSection />, { services: { config, auth: { status: 'signed-in', user } } });
  const person = userEvent.setup();
  await person.upload(screen.getByLabelText('Import an export'), new File(['PK'], 'dossier-export.zip', { type: 'application/zip' }));
  await screen.findByRole('button', { name: 'Export everything' });
  expect(importLibrary).toHaveBeenCalledTimes(1);
  return (importLibrary.mock.calls[0] as unknown[])[3] as { maxBytes?: number };
}

describe('Import an export', () => {
  beforeEach(() => importLibrary.mockClear());

  it("checks the archive's files against this deployment's upload limit, not the product default", async () => {
    const options = await importAnExport(fakeAppConfig({ uploadMaxBytes: 5 * 1024 * 1024 }));
    expect(options.maxBytes).toBe(5 * 1024 * 1024);
  });

  it('uses the product default when the deployment sets no limit', async () => {
    const options = await importAnExport(fakeAppConfig({ uploadMaxBytes: undefined }));
    expect(options.maxBytes).toBe(DOCUMENT_LIMITS.uploadMaxBytes);
  });
});
