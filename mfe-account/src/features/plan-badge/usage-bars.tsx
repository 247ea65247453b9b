import { formatBytes } from '@dossier/shared/core';
import { Progress } from '@dossier/shared/ui';
import type { PlanUsage } from '../../api/billing';

const count = new Intl.NumberFormat('en');

/** One bar per limit: documents and storage, with "12 of 100" spelled out (never colour alone). */
export function UsageBars({ usage }: { usage: PlanUsage }) {
  return (
    <div className="dossier-usage-bars">
      <Progress
        label="Documents"
        showLabel
        value={usage.documents_used}
        max={usage.documents_limit}
        valueText={`${count.format(usage.documents_used)} of ${count.format(usage.documents_limit)}`}
      />
      <Progress
        label="Storage"
        showLabel
        value={usage.storage_used_bytes}
        max={usage.storage_limit_bytes}
        valueText={`${formatBytes(usage.storage_used_bytes)} of ${formatBytes(usage.storage_limit_bytes)}`}
      />
    </div>
  );
}
