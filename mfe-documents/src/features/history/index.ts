export { DocumentHistory, ExportHistoryButton } from './document-history';
export { describeActor, describeEvent, historyCsv } from './describe-event';
