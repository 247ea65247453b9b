// The one door of this remote (CONVENTIONS.md): './Module' -> src/remote-entry.ts.
module.exports = { name: 'dossier_debug', port: 4205, title: 'Dossier — Diagnostics' };
