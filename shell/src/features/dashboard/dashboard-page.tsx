import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { Widget, useAuth, usePendingOperations, type PendingOperation } from '@dossier/shared/contract';
import { OfflineDataNotice } from '@dossier/shared/ui';
import { greeting, isFirstVisit, markVisited } from './greeting';
import { DASHBOARD_NOTICES, DASHBOARD_WIDGETS } from './dashboard-widgets';
import './dashboard-page.css';

/** The query-key roots the dashboard's widgets read (for the offline marker's time). */
const DASHBOARD_QUERY_ROOTS = ['documents', 'document-categories', 'portfolios', 'dashboard'];

/** Uploads made offline that are still waiting, so nobody wonders where their file went. */
function PendingUploadsNotice() {
  const pending = usePendingOperations();
  const [operations, setOperations] = useState<PendingOperation[]>([]);
  useEffect(() => pending.subscribe(setOperations), [pending]);
  const uploads = operations.filter((operation) => operation.type === 'document-upload').length;
  if (uploads === 0) return null;
  return (
    <p role="status" className="dashboard-pending">
      {uploads === 1 ? '1 upload is' : `${uploads} uploads are`} waiting to be sent. They go out as soon as you are back online.
    </p>
  );
}

export function DashboardPage() {
  const { user, session } = useAuth();
  const userId = user?.id;
  // Decided once per visit: marking the visit below must not turn this page into "Welcome back".
  const [first, setFirst] = useState<{ userId: string; first: boolean } | null>(null);
  const firstVisit = userId && first?.userId === userId ? first.first : userId ? isFirstVisit({ id: userId, createdAt: session?.user.created_at }) : false;
  useEffect(() => {
    if (!userId) return;
    setFirst((current) => (current?.userId === userId ? current : { userId, first: isFirstVisit({ id: userId, createdAt: session?.user.created_at }) }));
    markVisited(userId);
  }, [userId, session]);
  return (
    <div className="dashboard">
      <header className="dashboard-header">
        <h1 id="dashboard-title">{user ? greeting(user.name, firstVisit) : 'Dashboard'}</h1>
        <nav aria-label="Quick actions" className="dashboard-actions">
          <Link to="/documents">All documents</Link>
          <Link to="/portfolios">Portfolios</Link>
        </nav>
      </header>
      {/* Offline, the widgets show the persisted cache (ADR 0121): say so, with the oldest time. */}
      <OfflineDataNotice queryRoots={DASHBOARD_QUERY_ROOTS} />
      <PendingUploadsNotice />
      {DASHBOARD_NOTICES.map((name) => (
        <Widget key={name} name={name} placement="dashboard" />
      ))}
      <div className="dashboard-grid">
        {DASHBOARD_WIDGETS.map((widget) => (
          // Each widget brings its own heading and empty state; the card only lays it out.
          <div key={widget.name} className="dashboard-card" data-widget={widget.name}>
            <Widget name={widget.name} placement="dashboard" title={widget.title} />
          </div>
        ))}
      </div>
    </div>
  );
}
