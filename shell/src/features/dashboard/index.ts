export { DashboardPage, DASHBOARD_WIDGETS } from './dashboard-page';
