// The checklist feature's public surface.
export { PortfolioChecklist } from './portfolio-checklist';
