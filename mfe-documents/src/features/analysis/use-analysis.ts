import { useEffect, useState, useSyncExternalStore } from 'react';
import type { SupabaseClient } from '@supabase/supabase-js';
import { useAuth, useSupabase } from '@dossier/shared';
import { CONSENT_CLEARED_EVENT, CONSENT_UPDATED_EVENT, DEFAULT_ANALYSIS_SETTINGS, getAnalysisSettings, ocrLanguageString, readConsent } from '@dossier/shared/core';
import { categoryKeys } from '../../api/categories';
import { analysisKeys, listUnanalysed, saveAnalysis } from '../../api/document-analysis';
import { tagKeys } from '../../api/tags';
import { documentKeys, getExtractedText } from '../../api/documents';
import { downloadObject } from '../../api/storage';
import { useDossierQueryClient } from '../../lib/query';
import { AnalysisQueue, type AnalysisSnapshot } from './analysis-queue';
import { autoApply } from './apply-suggestions';
import { forgetLearnedModel, learnedModel } from './learned-model';
import { suggest } from './suggestions';

/** SPEC §3/§4 consent: analysis runs only while "Data processing" is on. */
export function dataProcessingAllowed(): boolean {
  return readConsent()?.dataProcessing === true;
}

const subscribeConsent = (listener: () => void) => {
  const events = [CONSENT_UPDATED_EVENT, CONSENT_CLEARED_EVENT, 'storage'];
  for (const name of events) window.addEventListener(name, listener);
  return () => {
    for (const name of events) window.removeEventListener(name, listener);
  };
};

export function useDataProcessingConsent(): boolean {
  return useSyncExternalStore(subscribeConsent, dataProcessingAllowed, () => false);
}

let current: { key: string; queue: AnalysisQueue; stopListening: () => void } | null = null;

/** Stops the page's queue, the document being read included, and forgets the person's model. */
function stopCurrentQueue(): void {
  current?.queue.close();
  current?.stopListening();
  current = null;
  forgetLearnedModel();
}

/**
 * One queue per page and person (it outlives the documents page: reading goes on elsewhere). It
 * stops when the session ends, wherever the person is: a read finishing after sign-out could not
 * be saved anyway (its writes were refused), and a signed-out page reads nobody's documents.
 */
function queueFor(client: SupabaseClient, userId: string, onSaved: (id: string) => void): AnalysisQueue {
  if (current?.key === userId) return current.queue;
  stopCurrentQueue();
  const queue = new AnalysisQueue({
    allowed: dataProcessingAllowed,
    listUnanalysed: (limit, except) => listUnanalysed(client, limit, except),
    download: (doc) => downloadObject(client, doc.storage_path),
    storedText: (doc) => getExtractedText(client, doc.id),
    // pdf.js and tesseract load only when something is read; in English plus the chosen languages.
    read: async (blob, mimeType, options) => {
      const [{ readDocument }, { setOcrLanguages }, settings] = await Promise.all([
        import('./read-document'),
        import('./ocr-engine'),
        getAnalysisSettings(client).catch(() => DEFAULT_ANALYSIS_SETTINGS),
      ]);
      setOcrLanguages(ocrLanguageString(settings));
      return readDocument(blob, mimeType, options);
    },
    // The person's own filing teaches the suggestion (docs/decisions/0200); offline, the rules alone.
    suggest: async (text, name) => suggest(text, name, new Date(), await learnedModel(client, userId).catch(() => null)),
    // Above the person's threshold the suggestions are applied at once (docs/decisions/0201).
    save: async (id, result) => {
      const settings = await getAnalysisSettings(client).catch(() => null);
      const analysis = await autoApply(client, userId, id, result.analysis, settings?.auto_apply_threshold ?? null);
      await saveAnalysis(client, id, { ...result, analysis });
    },
    onSaved,
  });
  // A page read offline waits for the network (the OCR files are fetched, not kept offline).
  const resume = () => queue.resume();
  window.addEventListener('online', resume);
  const session = client.auth.onAuthStateChange((event) => {
    if (event === 'SIGNED_OUT' && current?.queue === queue) stopCurrentQueue();
  });
  current = {
    key: userId,
    queue,
    stopListening: () => {
      window.removeEventListener('online', resume);
      session.data.subscription.unsubscribe();
    },
  };
  return queue;
}

/**
 * The page's analysis queue for the signed-in person, or null when signed out. Mounting it starts
 * the background pass over older documents (and again whenever consent is switched on).
 */
export function useAnalysisQueue(): AnalysisQueue | null {
  const auth = useAuth();
  const client = useSupabase();
  const queryClient = useDossierQueryClient();
  const userId = auth.user?.id ?? null;
  const allowed = useDataProcessingConsent();
  const [queue, setQueue] = useState<AnalysisQueue | null>(null);
  useEffect(() => {
    if (!userId) {
      stopCurrentQueue();
      return setQueue(null);
    }
    setQueue(
      queueFor(client, userId, (id) => {
        void queryClient.invalidateQueries({ queryKey: documentKeys.all });
        // Auto-apply may have made the person's category or tag of that name.
        void queryClient.invalidateQueries({ queryKey: categoryKeys.all });
        void queryClient.invalidateQueries({ queryKey: tagKeys.all });
        void queryClient.invalidateQueries({ queryKey: analysisKeys.detail(id) });
      }),
    );
  }, [client, userId, queryClient]);
  useEffect(() => {
    if (!queue) return;
    if (allowed) void queue.sweep();
    else queue.stopAll();
  }, [queue, allowed]);
  return queue;
}

const EMPTY: AnalysisSnapshot = { jobs: [], running: false };
const noop = () => () => undefined;

export function useAnalysisSnapshot(queue: AnalysisQueue | null): AnalysisSnapshot {
  return useSyncExternalStore(queue?.subscribe ?? noop, queue?.getSnapshot ?? (() => EMPTY), () => EMPTY);
}
