import { useMemo } from 'react';
import { Link } from 'react-router-dom';
import { useErrorLog, type WidgetPropsOf } from '@dossier/shared';
import { Badge, WidgetFrame } from '@dossier/shared/ui';
import { UsageBars } from './usage-bars';
import { usePlanUsage } from './use-plan-usage';
import './plan-badge.css';

const FRAME_STATE = { loading: 'pending', error: 'error', ready: 'success' } as const;

/**
 * `account.plan-badge`: the person's plan and how much of each limit is used, with bars. Drawn by
 * WidgetFrame like every other dashboard card: the same title, loading and error states.
 */
export function PlanBadge({ title }: WidgetPropsOf<'account.plan-badge'>) {
  const { usage, reload } = usePlanUsage();
  const errors = useErrorLog();
  const failure = usage.state === 'error' ? usage.error : null;
  // Reported once per failure, not on every render.
  const error = useMemo(() => (failure ? errors.report(failure, { area: 'account', widget: 'plan-badge' }).userMessage : undefined), [errors, failure]);
  const u = usage.state === 'ready' ? usage.data : null;
  const full = u ? u.documents_used >= u.documents_limit || u.storage_used_bytes >= u.storage_limit_bytes : false;
  return (
    <WidgetFrame
      title={title ?? 'Your plan'}
      className="dossier-plan-badge"
      state={FRAME_STATE[usage.state]}
      error={error}
      onRetry={reload}
      empty={null}
      aside={
        u ? (
          <>
            <Badge tone={u.plan_id === 'free' ? 'neutral' : 'accent'}>{u.plan_name} plan</Badge>
            <Link to="/settings#plan">{u.plan_id === 'free' ? 'Upgrade' : 'Manage plan'}</Link>
          </>
        ) : null
      }
    >
      {u ? <UsageBars usage={u} /> : null}
      {full ? <p className="dossier-plan-badge__full">You have reached a limit of your plan: new uploads are refused until you upgrade or make room.</p> : null}
    </WidgetFrame>
  );
}

export default PlanBadge;
