import { useEffect, useRef } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useAuth } from '@dossier/shared';
import { usePageSettled } from '../device';
import './transfer-badge.css';

/** At the latest this long after start, the count is asked for even on a page still loading. */
const SETTLE_WAIT_MS = 10_000;

/** The key mfe-account invalidates after an answer (its api/transfers.ts transferKeys.incomingCount). */
const INCOMING_COUNT_KEY = ['transfers', 'incoming-count'] as const;

/**
 * What waits for the signed-in person under Transfers: offers to answer and requests for emergency
 * access they may still deny. Polled once a minute while the app is open. Asked for first once the
 * opened page is drawn (issue 24): a badge can come a moment later, the page's first rows cannot.
 */
export function useIncomingTransfers(): number {
  const auth = useAuth();
  const signedIn = auth.status === 'signed-in';
  const settled = usePageSettled({ when: signedIn, maxWaitMs: SETTLE_WAIT_MS });
  const query = useQuery({
    queryKey: INCOMING_COUNT_KEY,
    enabled: signedIn && settled,
    refetchInterval: 60_000,
    queryFn: async () => {
      const { data, error } = await auth.supabase.rpc('transfers_attention_count');
      if (error) throw error;
      return Number(data ?? 0);
    },
  });
  return signedIn ? (query.data ?? 0) : 0;
}

/** A system notification for a new offer, only where the person already allowed notifications. */
function useNotifyNewOffers(count: number) {
  const previous = useRef<number | null>(null);
  useEffect(() => {
    const before = previous.current;
    previous.current = count;
    if (before === null || count <= before) return;
    if (typeof Notification === 'undefined' || Notification.permission !== 'granted' || !document.hidden) return;
    try {
      new Notification('Dossier: something waits for you', { body: 'Open Transfers: documents offered to you, or a request for emergency access.', tag: 'dossier-transfers' });
    } catch {
      // Some browsers allow notifications only from a service worker; the badge still shows it.
    }
  }, [count]);
}

/** The count next to "Transfers" in the navigation; nothing when no offer waits. */
export function TransferBadge() {
  const count = useIncomingTransfers();
  useNotifyNewOffers(count);
  if (count === 0) return null;
  return (
    <span className="dossier-nav-badge" data-testid="transfers-badge">
      {count > 99 ? '99+' : count}
      <span className="ds-visually-hidden"> waiting for you</span>
    </span>
  );
}
