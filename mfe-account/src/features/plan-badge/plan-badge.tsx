import { Link } from 'react-router-dom';
import { useErrorLog, type WidgetPropsOf } from '@dossier/shared';
import { Badge, Button, Skeleton } from '@dossier/shared/ui';
import { UsageBars } from './usage-bars';
import { usePlanUsage } from './use-plan-usage';
import './plan-badge.css';

/** `account.plan-badge`: the person's plan and how much of each limit is used, with bars. */
export function PlanBadge({ title }: WidgetPropsOf<'account.plan-badge'>) {
  const heading = title ?? 'Your plan';
  const { usage, reload } = usePlanUsage();
  const errors = useErrorLog();
  if (usage.state === 'loading') {
    return (
      <div className="dossier-plan-badge" aria-busy="true">
        <p className="ds-visually-hidden" role="status">
          Loading your plan…
        </p>
        <Skeleton height="1.5rem" width="40%" />
        <Skeleton height="2.5rem" />
        <Skeleton height="2.5rem" />
      </div>
    );
  }
  if (usage.state === 'error') {
    return (
      <div className="dossier-plan-badge" role="alert">
        <p>{errors.report(usage.error, { area: 'account', widget: 'plan-badge' }).userMessage}</p>
        <Button size="sm" onClick={reload}>
          Try Again
        </Button>
      </div>
    );
  }
  const u = usage.data;
  const full = u.documents_used >= u.documents_limit || u.storage_used_bytes >= u.storage_limit_bytes;
  return (
    // The placement (a dashboard card) gives the frame; the widget brings its heading and content.
    <section className="dossier-plan-badge" aria-label={heading}>
      <div className="dossier-plan-badge__head">
        <h2 className="widget-title dossier-plan-badge__title">{heading}</h2>
        <Badge tone={u.plan_id === 'free' ? 'neutral' : 'accent'}>{u.plan_name} plan</Badge>
        <Link to="/settings#plan">{u.plan_id === 'free' ? 'Upgrade' : 'Manage plan'}</Link>
      </div>
      <UsageBars usage={u} />
      {full ? <p className="dossier-plan-badge__full">You have reached a limit of your plan: new uploads are refused until you upgrade or make room.</p> : null}
    </section>
  );
}

export default PlanBadge;
