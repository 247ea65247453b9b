// The categories feature's public surface (what other features may import).
export { CategoryManager } from './category-manager';
