// The one door of this remote (CONVENTIONS.md): './Module' -> src/remote-entry.ts.
module.exports = { name: 'dossier_account', port: 4204, title: 'Dossier — Account' };
