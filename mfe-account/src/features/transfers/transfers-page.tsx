import { useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useErrorLog } from '@dossier/shared';
import { Badge, Button, EmptyState, Page, Skeleton, PlainList } from '@dossier/shared/ui';
import { Tab, TabList, TabPanel, Tabs } from '@dossier/shared/ui/controls';
import type { Transfer } from '../../api/transfers';
import { EmergencyAccessPanel, useTrustedContacts } from '../trusted-contact';
import { OfferDialog } from './offer-dialog';
import { TransferCard } from './transfer-card';
import { useTransfers } from './use-transfers';
import './transfers.css';

function TransferList({ rows, empty }: { rows: Transfer[]; empty: { title: string; description: string } }) {
  if (rows.length === 0) return <EmptyState title={empty.title} description={empty.description} headingLevel={2} />;
  return (
    <PlainList className="dossier-transfers__list">
      {rows.map((t) => (
        <TransferCard key={t.id} transfer={t} />
      ))}
    </PlainList>
  );
}

/** `/transfers`: offers received and sent, with their states, and a new offer (issue 13 §1). */
export default function TransfersPage() {
  const transfers = useTransfers();
  const errors = useErrorLog();
  const [offering, setOffering] = useState(false);
  const rows = transfers.data ?? [];
  const incoming = rows.filter((t) => t.direction === 'incoming');
  const outgoing = rows.filter((t) => t.direction === 'outgoing');
  const waiting = incoming.filter((t) => t.state === 'pending').length;
  // A mail's link may name the tab (/transfers?tab=emergency): that opens first.
  const [params] = useSearchParams();
  const [tab, setTab] = useState<string | undefined>(() => {
    const asked = params.get('tab');
    return asked === 'incoming' || asked === 'outgoing' || asked === 'emergency' ? asked : undefined;
  });
  const trusted = useTrustedContacts();
  const requests = (trusted.data ?? []).filter((r) => r.role === 'owner' && r.status === 'waiting').length;
  // The tab that opens first is chosen once, from what waits: it never jumps after an answer.
  const firstTab = useRef<string | null>(null);
  if (firstTab.current === null && transfers.data && trusted.data) {
    firstTab.current = requests > 0 ? 'emergency' : incoming.length > 0 || outgoing.length === 0 ? 'incoming' : 'outgoing';
  }

  return (
    <Page title="Transfers" description="Hand documents to another person, take the ones offered to you, and choose who can reach your papers in an emergency.">
      <div className="dossier-transfers" data-area="account">
        <div className="dossier-transfers__bar">
          <Button variant="primary" onClick={() => setOffering(true)}>
            Offer documents
          </Button>
        </div>
        {transfers.isPending ? (
          <div aria-busy="true">
            <p className="ds-visually-hidden" role="status">
              Loading transfers…
            </p>
            <Skeleton height="6rem" />
            <Skeleton height="6rem" />
          </div>
        ) : transfers.isError ? (
          <div role="alert">
            <p>{errors.report(transfers.error, { area: 'account', feature: 'transfers' }).userMessage}</p>
            <Button size="sm" onClick={() => void transfers.refetch()}>
              Try Again
            </Button>
          </div>
        ) : (
          <Tabs value={tab ?? firstTab.current ?? 'incoming'} onValueChange={setTab}>
            <TabList label="Transfers">
              <Tab value="incoming">
                Incoming{' '}
                {waiting > 0 ? (
                  <Badge tone="accent">
                    {waiting}
                    <span className="ds-visually-hidden"> waiting</span>
                  </Badge>
                ) : null}
              </Tab>
              <Tab value="outgoing">Outgoing</Tab>
              <Tab value="emergency">
                Emergency access{' '}
                {requests > 0 ? (
                  <Badge tone="warning">
                    {requests}
                    <span className="ds-visually-hidden"> {requests === 1 ? 'request' : 'requests'} waiting</span>
                  </Badge>
                ) : null}
              </Tab>
            </TabList>
            <TabPanel value="incoming">
              <TransferList rows={incoming} empty={{ title: 'Nothing offered to you', description: 'When someone offers you documents, the offer appears here and you get an e-mail.' }} />
            </TabPanel>
            <TabPanel value="outgoing">
              <TransferList rows={outgoing} empty={{ title: 'You have not offered anything', description: 'Offer documents or a whole portfolio to another person by e-mail.' }} />
            </TabPanel>
            <TabPanel value="emergency">
              <EmergencyAccessPanel />
            </TabPanel>
          </Tabs>
        )}
      </div>
      {/* The offer just sent is shown where it now lives (found by hand: the page stayed on an empty Incoming). */}
      <OfferDialog open={offering} onOpenChange={setOffering} onOffered={() => setTab('outgoing')} />
    </Page>
  );
}
