export { DashboardPage } from './dashboard-page';
export { DASHBOARD_NOTICES, DASHBOARD_WIDGETS } from './dashboard-widgets';
