// The list feature's public surface (the detail page reuses its form and delete flow).
export { PortfolioForm } from './portfolio-form';
export { useDeletePortfolio } from './use-delete-portfolio';
