// The files each page of an area needs, by route, written into the area's mf-manifest.json
// (`metaData.pageChunks`, ADR 0485). The shell reads them when the manifest answers and asks for a
// page's chunks beside the area's remoteEntry.js, instead of after it has arrived and run: on the
// phone profile that was one more round trip and a download in a row before the first row.
// Data, not code: the shell still loads the area through the runtime, and the page still loads
// through its own `import()` (which then finds the files already on their way).
const fs = require('node:fs');

/**
 * `pageRoute('/documents', () => import('./features/library/documents-page'), …)` in an area's
 * exposed module: the route and the import request of each page. `unread` counts `pageRoute(`
 * calls written in another shape, whose chunks the manifest then cannot name.
 * @param {string} source
 * @returns {{ routes: { path: string; request: string }[]; unread: number }}
 */
function pageRoutesInSource(source) {
  const routes = [];
  const call = /pageRoute\(\s*(['"])([^'"]+)\1\s*,\s*\(\)\s*=>\s*import\(\s*(?:\/\*[^*]*\*\/\s*)?(['"])([^'"]+)\3\s*\)/g;
  for (const match of source.matchAll(call)) routes.push({ path: match[2], request: match[4] });
  const calls = (source.match(/\bpageRoute\(/g) ?? []).length;
  return { routes, unread: calls - routes.length };
}

/**
 * The files (JavaScript and CSS, as named in the build output) of each page route of the module
 * at `exposedFile`, keyed by the route's path. A route's files are those of the chunk group its
 * `import()` opens, so a chunk it shares with the area's module is listed too (already loaded then).
 * @param {import('webpack').Compilation} compilation
 * @param {string} exposedFile absolute path of the exposed module (src/remote-entry.ts)
 * @param {string} source its source text
 * @returns {{ pageChunks: Record<string, string[]>; problems: string[] }}
 */
function pageChunksByRoute(compilation, exposedFile, source) {
  const { routes, unread } = pageRoutesInSource(source);
  const problems = unread > 0 ? [`${unread} pageRoute(…) call(s) not in the form pageRoute('/path', () => import('./page'), …)`] : [];
  const exposed = [...compilation.modules].find((module) => module.resource === exposedFile);
  if (!exposed) return { pageChunks: {}, problems: [...problems, `no module for ${exposedFile}`] };
  const filesByRequest = new Map();
  for (const block of exposed.blocks) {
    const request = block.dependencies.find((dependency) => typeof dependency.request === 'string')?.request;
    const group = compilation.chunkGraph.getBlockChunkGroup(block);
    if (!request || !group) continue;
    const files = group.chunks.flatMap((chunk) => [...chunk.files]).filter((file) => /\.(js|css)$/.test(file));
    filesByRequest.set(request, [...new Set(files)].sort());
  }
  const pageChunks = {};
  for (const { path, request } of routes) {
    const files = filesByRequest.get(request);
    if (files?.length) pageChunks[path] = files;
    else problems.push(`no chunk for the page of ${path} (${request})`);
  }
  return { pageChunks, problems };
}

/**
 * The federation manifest option of an area's build: the manifest as Module Federation writes it,
 * with `metaData.pageChunks` added. What cannot be read is a build warning, not an error: the page
 * then loads as before, one round trip later.
 * @param {string} exposedFile
 */
function manifestWithPageChunks(exposedFile) {
  return {
    additionalData: ({ stats, compilation }) => {
      const { pageChunks, problems } = pageChunksByRoute(compilation, exposedFile, fs.readFileSync(exposedFile, 'utf8'));
      for (const problem of problems) compilation.warnings.push(new Error(`page-chunks: ${problem}`));
      stats.metaData = { ...stats.metaData, pageChunks };
      return stats;
    },
  };
}

module.exports = { pageRoutesInSource, pageChunksByRoute, manifestWithPageChunks };
