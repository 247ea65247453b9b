export { FamilySection } from './family-section';
