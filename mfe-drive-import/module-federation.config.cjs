// The one door of this remote (CONVENTIONS.md): './Module' -> src/remote-entry.ts.
module.exports = { name: 'dossier_drive_import', port: 4203, title: 'Dossier — Drive import' };
