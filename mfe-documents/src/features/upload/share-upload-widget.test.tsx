import { act, render } from '@testing-library/react';
import type { UploadSnapshot } from './upload-manager';
import { ShareUploadWidget } from './share-upload-widget';

// The widget's own rule under test: when it calls onComplete, and with what. The upload manager
// (real services) and the area's providers are replaced; upload-manager.test.ts covers the manager.
let snapshot: UploadSnapshot = { items: [] } as unknown as UploadSnapshot;
const manager = { add: jest.fn(async () => undefined), cancel: jest.fn(), resolveDuplicate: jest.fn(), whenBelow: jest.fn(async () => undefined) };
jest.mock('./use-upload-manager', () => ({ useUploadManager: () => ({ manager, snapshot }) }));
jest.mock('@dossier/shared', () => ({ ...jest.requireActual('@dossier/shared'), useSupabase: () => ({}) }));
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

test('a feed of files (a Drive import) settles only once it has ended and every file it gave has finished', async () => {
  const onComplete = jest.fn();
  let end: () => void = () => undefined;
  async function* feed() {
    yield file('a.pdf');
    await new Promise<void>((resolve) => (end = resolve));
  }
  snapshot = items('done');
  const files = feed();
  const view = render(<ShareUploadWidget files={files} source="drive" onComplete={onComplete} />);
  await act(async () => new Promise((resolve) => setTimeout(resolve, 0)));
  expect(manager.add).toHaveBeenCalledWith([expect.objectContaining({ name: 'a.pdf' })]);
  expect(onComplete).not.toHaveBeenCalled();
  await act(async () => {
    end();
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
  view.rerender(<ShareUploadWidget files={files} source="drive" onComplete={onComplete} />);
  expect(onComplete).toHaveBeenCalledWith({ stored: 1 });
});

test('a feed that ends without a file settles with nothing stored', async () => {
  const onComplete = jest.fn();
  async function* none(): AsyncGenerator<File> {}
  snapshot = items();
  render(<ShareUploadWidget files={none()} source="drive" onComplete={onComplete} />);
  await act(async () => new Promise((resolve) => setTimeout(resolve, 0)));
  expect(onComplete).toHaveBeenCalledWith({ stored: 0 });
});
