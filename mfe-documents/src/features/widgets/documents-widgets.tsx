import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useAuth, useSupabase, type WidgetProps, type WidgetPropsOf } from '@dossier/shared';
import { recentDocumentsQuery } from '../../api/documents';
import { AreaProviders } from '../../lib/area-providers';
import { formatDate } from '../../lib/format';
import { useDescribeError } from '../../lib/query';
import { useCategories } from '../../lib/use-lookups';
import { WidgetFrame } from '@dossier/shared/ui';
import { ExpiryRadar, ReminderSettings } from '../reminders';

const RECENT_COUNT = 5;

/** The dashboard names its card ("Your categories"); elsewhere the widget says what it counts. */
function CategoryCounts({ title = 'Documents by category' }: { title?: string }) {
  const categories = useCategories();
  const describeError = useDescribeError();
  const used = (categories.data ?? []).filter((c) => c.document_count > 0).sort((a, b) => b.document_count - a.document_count);
  return (
    <WidgetFrame className="documents-widget"
      title={title}
      state={categories.status}
      error={categories.error ? describeError(categories.error) : undefined}
      onRetry={() => void categories.refetch()}
      // Documents without a category are not "no documents": say what is actually missing.
      empty={used.length === 0 ? <p>No document is in a category yet. <Link to="/documents">Open your documents</Link> to file them.</p> : null}
    >
      <ul className="widget-list">
        {used.map((c) => (
          <li key={c.id}>
            <Link to={`/documents?category=${c.id}`}>{c.name}</Link>
            <span className="count">{c.document_count}</span>
          </li>
        ))}
      </ul>
    </WidgetFrame>
  );
}

function RecentDocuments({ title = 'Recently added' }: { title?: string }) {
  const client = useSupabase();
  const signedIn = useAuth().status === 'signed-in';
  const describeError = useDescribeError();
  const recent = useQuery({ ...recentDocumentsQuery(client, RECENT_COUNT), enabled: signedIn });
  return (
    <WidgetFrame className="documents-widget"
      title={title}
      state={recent.status}
      error={recent.error ? describeError(recent.error) : undefined}
      onRetry={() => void recent.refetch()}
      empty={recent.data?.length === 0 ? <p>Nothing added yet. <Link to="/documents">Go to your documents</Link>.</p> : null}
    >
      <ul className="widget-list">
        {(recent.data ?? []).map((d) => (
          <li key={d.id}>
            <Link to={`/documents?doc=${d.id}`}>{d.name}</Link>
            <span className="muted">{formatDate(d.created_at)}</span>
          </li>
        ))}
      </ul>
    </WidgetFrame>
  );
}

/** 'documents.category-counts' */
export function CategoryCountsWidget({ title }: WidgetPropsOf<'documents.category-counts'>) {
  return (
    <AreaProviders>
      <CategoryCounts title={title} />
    </AreaProviders>
  );
}

/** 'documents.recent' */
export function RecentDocumentsWidget({ title }: WidgetPropsOf<'documents.recent'>) {
  return (
    <AreaProviders>
      <RecentDocuments title={title} />
    </AreaProviders>
  );
}

/** 'documents.expiring-soon': the expiry radar (issue 15 §3: overdue, this month, next 3 months, reminders). */
export function ExpiringSoonWidget(_props: WidgetProps) {
  return (
    <AreaProviders>
      <ExpiryRadar />
    </AreaProviders>
  );
}

/** 'documents.reminder-settings' (shown in /settings). */
export function ReminderSettingsWidget(_props: WidgetProps) {
  return (
    <AreaProviders>
      <ReminderSettings />
    </AreaProviders>
  );
}
