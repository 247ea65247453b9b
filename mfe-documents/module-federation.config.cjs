// The one door of this remote (CONVENTIONS.md): './Module' -> src/remote-entry.ts.
module.exports = { name: 'dossier_documents', port: 4201, title: 'Dossier — Documents' };
