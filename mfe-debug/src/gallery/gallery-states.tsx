import { useState, type ReactNode } from 'react';
import { TimeoutError, type ConsentChoices } from '@dossier/shared/core';
import { PRIVACY_POLICY } from '@dossier/shared/core/legal';
import {
  AreaErrorBoundary,
  Button,
  ButtonGroup,
  Chip,
  ConsentFields,
  ErrorScreen,
  LegalDocument,
  LoadingSpinner,
  OfflineDataNotice,
  PageHeader,
  PULL_THRESHOLD,
  PullToRefreshIndicator,
  WidgetFrame,
} from '@dossier/shared/ui';

/** One section of the gallery (its heading names the component family). */
export function Specimen({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="gallery-section" aria-labelledby={`gallery-${title}`}>
      <h2 id={`gallery-${title}`}>{title}</h2>
      <div className="gallery-row">{children}</div>
    </section>
  );
}

/** A labelled state of one component ("Error", "Loading", "Empty"). */
function State({ name, children }: { name: string; children: ReactNode }) {
  return (
    <figure className="gallery-state">
      <figcaption>{name}</figcaption>
      {children}
    </figure>
  );
}

function Chips() {
  const [tags, setTags] = useState(['Household', 'Tax 2025', 'A much longer tag name that has to truncate somewhere']);
  return (
    <>
      <State name="Removable (tag editor)">
        <ul className="gallery-chips" aria-label="Tags">
          {tags.map((tag) => (
            <Chip key={tag} as="li" color="#16a34a" removeLabel={`Remove tag ${tag}`} onRemove={() => setTags(tags.filter((t) => t !== tag))}>
              {tag}
            </Chip>
          ))}
        </ul>
        {tags.length === 0 ? <p className="muted">No tags (empty)</p> : null}
      </State>
      <State name="Small, in a list row">
        <span className="gallery-chips">
          <Chip size="sm" color="#dc2626">
            Urgent
          </Chip>
          <Chip size="sm">No colour</Chip>
        </span>
      </State>
      <State name="Grouped buttons (never touching)">
        <ButtonGroup label="Calendar feed actions">
          <Button>Copy address</Button>
          <Button>Download .ics</Button>
          <Button>Regenerate address</Button>
          <Button variant="danger">Switch feed off</Button>
        </ButtonGroup>
      </State>
    </>
  );
}

function Thrower({ armed }: { armed: boolean }) {
  if (armed) throw new TimeoutError('The gallery threw this on purpose.');
  return <p>Content that renders.</p>;
}

function Feedback() {
  const [armed, setArmed] = useState(false);
  const [retries, setRetries] = useState(0);
  return (
    <>
      <State name="Loading">
        <LoadingSpinner />
      </State>
      <State name="Error screen">
        <ErrorScreen error={new TimeoutError('Gallery')} retryCount={retries} onRetry={() => setRetries(retries + 1)} onReload={() => undefined} detail="The Documents area could not be shown." />
      </State>
      <State name="Error boundary">
        <Button onClick={() => setArmed(true)}>Make the area below fail</Button>
        <AreaErrorBoundary detail="This example area failed." onRetry={() => setArmed(false)}>
          <Thrower armed={armed} />
        </AreaErrorBoundary>
      </State>
      {(['pending', 'error', 'success'] as const).map((state) => (
        <State key={state} name={`Widget: ${state}`}>
          <WidgetFrame title="Expiring soon" state={state} error="Connection timeout. Please check your internet." onRetry={() => undefined} empty={null}>
            <p>3 documents expire this month.</p>
          </WidgetFrame>
        </State>
      ))}
      <State name="Widget: empty">
        <WidgetFrame title="Expiring soon" state="success" empty={<p className="muted">Nothing expires in the next 90 days.</p>}>
          {null}
        </WidgetFrame>
      </State>
    </>
  );
}

function Consent() {
  const [choices, setChoices] = useState<ConsentChoices>({ analytics: false, marketing: false, notifications: true, dataProcessing: false, termsAccepted: false, privacyAccepted: false });
  return (
    <>
      <State name="Consent choices (with the 'accept both' error)">
        <ConsentFields choices={choices} onChange={(key, checked) => setChoices({ ...choices, [key]: checked })} error={choices.termsAccepted && choices.privacyAccepted ? null : 'Please accept the Terms of Service and the Privacy Policy.'} />
      </State>
      <State name="Legal text">
        {/* It scrolls: focusable, so a keyboard can scroll it too (axe: scrollable-region-focusable). */}
        <div className="gallery-legal" tabIndex={0} role="region" aria-label="Privacy Policy, scrollable">
          <LegalDocument text={PRIVACY_POLICY} level={3} />
        </div>
      </State>
    </>
  );
}

function Chrome() {
  return (
    <>
      <State name="Page header with an action">
        <PageHeader title="Portfolios" description="Papers grouped for one purpose." actions={<Button variant="primary">New portfolio</Button>} />
      </State>
      <State name="Pull to refresh: pulling, ready, refreshing">
        <PullToRefreshIndicator pull={PULL_THRESHOLD / 2} refreshing={false} />
        <PullToRefreshIndicator pull={PULL_THRESHOLD} refreshing={false} />
        <PullToRefreshIndicator pull={0} refreshing />
      </State>
      <State name="Offline notice (shows only while offline)">
        <OfflineDataNotice updatedAt={Date.UTC(2026, 10, 27, 9, 30)} />
      </State>
    </>
  );
}

/** The gallery's sections for chips, feedback states, consent and page chrome (issue 22). */
export function MoreSpecimens() {
  return (
    <>
      <Specimen title="Chips and button groups">
        <Chips />
      </Specimen>
      <Specimen title="Loading, errors and empty">
        <Feedback />
      </Specimen>
      <Specimen title="Consent and legal">
        <Consent />
      </Specimen>
      <Specimen title="Page chrome">
        <Chrome />
      </Specimen>
    </>
  );
}
