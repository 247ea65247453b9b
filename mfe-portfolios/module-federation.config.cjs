// The one door of this remote (CONVENTIONS.md): './Module' -> src/remote-entry.ts.
module.exports = { name: 'dossier_portfolios', port: 4202, title: 'Dossier — Portfolios' };
