import { Badge } from '@dossier/shared/ui';

/** "85% sure", beside every suggestion and fact. */
export const sure = (confidence: number) => <Badge tone="accent">{Math.round(confidence * 100)}% sure</Badge>;
