import { act, render } from '@testing-library/react';
import type { UploadSnapshot } from './upload-manager';
import { ShareUploadWidget } from './share-upload-widget';

// The widget's own rule under test: when it calls onComplete, and with what. The upload manager
// (real services) and the area's providers are replaced; upload-manager.test.ts covers the manager.
let snapshot: UploadSnapshot = { items: [] } as unknown as UploadSnapshot;
const manager = { add: jest.fn(async () => undefined), cancel: jest.fn(), resolveDuplicate: jest.fn() };
jest.mock('./use-upload-manager', () => ({ useUploadManager: () => ({ manager, snapshot }) }));
jest.mock('../../lib/area-providers', () => ({ AreaProviders: ({ children }: { children: unknown }) => children }));
jest.mock('./upload-panel', () => ({ UploadRow: ({ item }: { item: { name: string; status: string } }) => <li>{`${item.name}: ${item.status}`}</li> }));

const file = (name: string) => new File(['x'], name, { type: 'application/pdf' });
const items = (...statuses: string[]) => ({ items: statuses.map((status, i) => ({ key: String(i), name: `f${i}.pdf`, status })) }) as unknown as UploadSnapshot;

function renderWith(statuses: string[], onComplete: jest.Mock) {
  snapshot = items(...statuses);
  return render(<ShareUploadWidget files={[file('a.pdf'), file('b.pdf')]} onComplete={onComplete} />);
}

test('reports settling with the number stored once every file has finished', async () => {
  const onComplete = jest.fn();
  const view = renderWith(['done', 'uploading'], onComplete);
  expect(onComplete).not.toHaveBeenCalled();
  snapshot = items('done', 'refused');
  await act(async () => view.rerender(<ShareUploadWidget files={[file('a.pdf'), file('b.pdf')]} onComplete={onComplete} />));
  expect(onComplete).toHaveBeenCalledTimes(1);
  expect(onComplete).toHaveBeenCalledWith({ stored: 1 });
});

test('settles even when every file was refused or skipped, so an import can reach its summary', () => {
  const onComplete = jest.fn();
  renderWith(['refused', 'skipped'], onComplete);
  expect(onComplete).toHaveBeenCalledWith({ stored: 0 });
});

test('counts files queued offline as stored', () => {
  const onComplete = jest.fn();
  renderWith(['queued-offline', 'failed'], onComplete);
  expect(onComplete).toHaveBeenCalledWith({ stored: 1 });
});
