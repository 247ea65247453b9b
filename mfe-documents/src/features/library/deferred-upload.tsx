import { lazy, Suspense, useEffect, useState, type ComponentProps } from 'react';
import type { UploadPanel as UploadPanelType } from '../upload';

// The upload stack (file checks, the analysis with chrono-node, the Drive area's import widget
// beside it: ~50 KB gzip, 5+ requests) draws no document row, so it loads once the library's first
// page is there, not before (issue 24). An empty library waits for it instead (useUploadReady):
// its one action is upload, and it must be there when the person goes offline right away.
const loadUpload = () => import('../upload');
const UploadPanel = lazy(async () => ({ default: (await loadUpload()).UploadPanel }));
const QueuedUploads = lazy(async () => ({ default: (await loadUpload()).QueuedUploads }));

/** Mounted beside the panel in one Suspense boundary: its effect runs once the panel is committed. */
function Shown({ onShown }: { onShown: () => void }) {
  useEffect(onShown, [onShown]);
  return null;
}

/**
 * The upload panel and the queued uploads, rendered once `start` is true (the first page settled);
 * `onShown` tells the library when the panel is on the page.
 */
export function DeferredUpload({ start, onShown, ...panel }: ComponentProps<typeof UploadPanelType> & { start: boolean; onShown: () => void }) {
  const [started, setStarted] = useState(false);
  // After the frame that drew the first rows (the list's virtualizer adds them in a render of its
  // own, after the one that brought the data), so the panel's requests start after them.
  useEffect(() => {
    if (!start) return undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => setStarted(true), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [start]);
  if (!started) return null;
  return (
    <Suspense fallback={null}>
      <UploadPanel {...panel} />
      <QueuedUploads />
      <Shown onShown={onShown} />
    </Suspense>
  );
}
