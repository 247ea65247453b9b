export { FamilySpace } from './family-space';
