export { PlanBadge } from './plan-badge';
export { UsageBars } from './usage-bars';
export { usePlanUsage, type Loadable } from './use-plan-usage';
