export { PlanSection } from './plan-section';
