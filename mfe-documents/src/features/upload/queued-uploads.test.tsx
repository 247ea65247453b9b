import { act, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { DossierServicesProvider, type PendingOperationsApi } from '@dossier/shared';
import { createFakeServices, createMemoryPendingOperations } from '@dossier/shared/testing';
import type { DuplicateMatch } from '../../api/documents';
import { QueuedUploads } from './queued-uploads';
import { DOCUMENT_UPLOAD_OPERATION, QUEUED_UPLOAD_AWAITS_DECISION_EVENT, type QueuedUploadAwaitsDecision } from './register-upload-replay';
import { uploadPayload } from './offline-upload';

// Issue #9 §4: an upload queued offline must never be shown as "Sending…" for ever.
const findDuplicates = jest.fn<Promise<DuplicateMatch[]>, [unknown, string]>();
jest.mock('../../api/documents', () => ({
  findDuplicates: (client: unknown, sha: string) => findDuplicates(client, sha),
  documentNamesLike: async () => [],
}));

const ANN = '00000000-0000-4000-8000-00000000a001';
const lease: DuplicateMatch = { id: 'd-old', name: 'lease-2026.pdf', deleted_at: null, created_at: '' };

async function showQueued(pending: PendingOperationsApi) {
  const operation = await pending.enqueue(
    DOCUMENT_UPLOAD_OPERATION,
    uploadPayload(new Blob(['%PDF']), { documentId: 'd-new', userId: ANN, name: 'lease-copy.pdf', mimeType: 'application/pdf', sha256: 'abc', extractionStatus: 'done' }),
  );
  const services = createFakeServices({ supabase: {} as never, pendingOperations: pending, auth: { status: 'signed-in', user: { id: ANN } as never } });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 5 * 60_000 } } });
  await act(async () => {
    render(
      <DossierServicesProvider services={services}>
        <QueryClientProvider client={queryClient}>
          <QueuedUploads />
        </QueryClientProvider>
      </DossierServicesProvider>,
    );
  });
  return operation;
}

afterEach(() => {
  findDuplicates.mockReset();
});

test("asks about the duplicate the replay found, even when the list's own check was answered 'no duplicate' from the offline cache", async () => {
  // What the service worker's fallback cache answered while the network was coming back.
  findDuplicates.mockResolvedValue([]);
  const operation = await showQueued(createMemoryPendingOperations());
  expect(await screen.findByText('Sending…')).toBeTruthy();

  const detail: QueuedUploadAwaitsDecision = { operationId: operation.id, duplicates: [lease] };
  act(() => void window.dispatchEvent(new CustomEvent(QUEUED_UPLOAD_AWAITS_DECISION_EVENT, { detail })));

  expect(await screen.findByText('You already have this file as “lease-2026.pdf”.')).toBeTruthy();
  expect(screen.getByRole('button', { name: 'Keep both' })).toBeTruthy();
});

test('checks again after a replay that did not send the file (the retry count changed)', async () => {
  findDuplicates.mockResolvedValueOnce([]).mockResolvedValue([lease]);
  const pending = createMemoryPendingOperations();
  await showQueued(pending);
  expect(await screen.findByText('Sending…')).toBeTruthy();

  pending.registerHandler(DOCUMENT_UPLOAD_OPERATION, async () => {
    throw new Error('the replay kept it queued');
  });
  await act(async () => void (await pending.flush()));

  expect(await screen.findByText('You already have this file as “lease-2026.pdf”.')).toBeTruthy();
});
