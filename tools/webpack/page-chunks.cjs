// The files each page of an area needs, by route, written into the area's mf-manifest.json
// (`metaData.pageChunks`, ADR 0485). The shell reads them when the manifest answers and asks for a
// page's chunks beside the area's remoteEntry.js, instead of after it has arrived and run: on the
// phone profile that was one more round trip and a download in a row before the first row.
// Data, not code: the shell still loads the area through the runtime, and the page still loads
// through its own `import()` (which then finds the files already on their way).
const fs = require('node:fs');

/**
 * `pageRoute('/documents', () => import('./features/library/documents-page'), …)` in an area's
 * exposed module (or `lazyPageAt('/auth', () => import('../features/auth/auth-page')…)` in the
 * shell's page table, `callee` 'lazyPageAt'): the route and the import request of each page.
 * `unread` counts calls written in another shape, whose chunks then cannot be named.
 * @param {string} source
 * @param {'pageRoute' | 'lazyPageAt'} [callee]
 * @returns {{ routes: { path: string; request: string }[]; unread: number }}
 */
function pageRoutesInSource(source, callee = 'pageRoute') {
  const routes = [];
  const call = new RegExp(`\\b${callee}\\(\\s*(['"])([^'"]+)\\1\\s*,\\s*\\(\\)\\s*=>\\s*import\\(\\s*(?:\\/\\*[^*]*\\*\\/\\s*)?(['"])([^'"]+)\\3\\s*\\)`, 'g');
  for (const match of source.matchAll(call)) routes.push({ path: match[2], request: match[4] });
  const calls = (source.match(new RegExp(`\\b${callee}\\(`, 'g')) ?? []).length;
  return { routes, unread: calls - routes.length };
}

/**
 * The files (JavaScript and CSS, as named in the build output) of each page route of the module
 * at `exposedFile`, keyed by the route's path. A route's files are those of the chunk group its
 * `import()` opens, so a chunk it shares with the area's module is listed too (already loaded then).
 * @param {import('webpack').Compilation} compilation
 * @param {string} exposedFile absolute path of the exposed module (src/remote-entry.ts)
 * @param {string} source its source text
 * @param {'pageRoute' | 'lazyPageAt'} [callee] how the pages are declared
 * @returns {{ pageChunks: Record<string, string[]>; problems: string[] }}
 */
function pageChunksByRoute(compilation, exposedFile, source, callee = 'pageRoute') {
  const { routes, unread } = pageRoutesInSource(source, callee);
  const problems = unread > 0 ? [`${unread} ${callee}(…) call(s) not in the form ${callee}('/path', () => import('./page'), …)`] : [];
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

const CONSUME_SHARED = 'consume-shared-module';

/** The JavaScript and CSS files of these chunks, as named in the build output. */
function filesOf(chunks) {
  return chunks.flatMap((chunk) => [...chunk.files]).filter((file) => /\.(js|css)$/.test(file));
}

const PROVIDE_SHARED = 'provide-module';

/**
 * The chunk groups of the host's own provided version of each shared module, by share key. The
 * host's runtime resolves a shared module it provides to that version, whose getter fetches these
 * chunks; the consume module's fallback is a second copy under other chunk ids (the same content,
 * another file name) that the host never fetches. Preloading the fallback fetched both.
 * @returns {Map<string, import('webpack').ChunkGroup[]>}
 */
function providedShares(compilation) {
  const byKey = new Map();
  for (const module of compilation.modules) {
    if (module.type !== PROVIDE_SHARED) continue;
    // ProvideSharedModule keeps its share key as `_name` (@module-federation/enhanced, webpack's own).
    const groups = module.blocks.map((block) => compilation.chunkGraph.getBlockChunkGroup(block)).filter(Boolean);
    if (typeof module._name === 'string' && groups.length) byKey.set(module._name, groups);
  }
  return byKey;
}

/**
 * The shared modules a chunk group consumes, through the chunks that provide them too (a shared
 * module's own imports of others), by share key, with the chunk groups the host fetches for each:
 * its provided version's, or the fallback's where it provides none.
 * @returns {Map<string, import('webpack').ChunkGroup[]>}
 */
function consumedShares(compilation, group, provided, found = new Map()) {
  for (const chunk of group.chunks) {
    for (const module of compilation.chunkGraph.getChunkModulesIterable(chunk)) {
      if (module.type !== CONSUME_SHARED || found.has(module.options.shareKey)) continue;
      const fallbacks = module.blocks.map((block) => compilation.chunkGraph.getBlockChunkGroup(block)).filter(Boolean);
      const fetched = provided.get(module.options.shareKey) ?? fallbacks;
      found.set(module.options.shareKey, fetched);
      for (const next of fetched) consumedShares(compilation, next, provided, found);
    }
  }
  return found;
}

/**
 * The files of the host's own page behind `block` (an `import()` in its page table): its chunk
 * group's, and those of the shared modules it consumes that the boot does not (`bootGroup`, the
 * chunk group of main.ts's bootstrap import, has them already). The host provides its shared
 * modules itself, so a page that is the first to use one (the form controls, for the sign-in
 * page's tabs) needs that module's chunks before it can render (ADR 0489, ADR 0493).
 * `boot` is bootShares(): what the boot consumes and fetches, worked out once for every page.
 */
function hostPageFiles(compilation, group, { provided, atBoot, bootFiles }) {
  const files = filesOf(group.chunks);
  for (const [shareKey, groups] of consumedShares(compilation, group, provided)) {
    if (atBoot.has(shareKey)) continue;
    for (const shared of groups) files.push(...filesOf(shared.chunks));
  }
  // A chunk the boot fetches anyway (one a shared module's shares with it) is on its way already.
  return [...new Set(files)].filter((file) => !bootFiles.has(file)).sort();
}

/**
 * The shared modules the host provides (read once for every page), those the boot consumes, and
 * every file the boot fetches (its chunks and those shared modules').
 */
function bootShares(compilation, bootGroup) {
  const provided = providedShares(compilation);
  const atBoot = consumedShares(compilation, bootGroup, provided);
  const sharedFiles = [...atBoot.values()].flatMap((groups) => groups.flatMap((shared) => filesOf(shared.chunks)));
  return { provided, atBoot, bootFiles: new Set([...filesOf(bootGroup.chunks), ...sharedFiles]) };
}

/**
 * The files of each page of the host's page table (`lazyPageAt('/auth', () => import('…'))` in
 * `pageTable`), by path: see hostPageFiles. `bootstrapRequest` names main.ts's import of the app.
 * `bootChunks`: every file that import fetches (its chunks and its shared modules'), which
 * every page but the visitor's landing waits for.
 * @returns {{ pageChunks: Record<string, string[]>; bootChunks: string[]; problems: string[] }}
 */
function hostPageChunksByRoute(compilation, pageTable, source, { entry, bootstrapRequest }) {
  const { routes, unread } = pageRoutesInSource(source, 'lazyPageAt');
  const problems = unread > 0 ? [`${unread} lazyPageAt(…) call(s) not in the form lazyPageAt('/path', () => import('./page'))`] : [];
  // A module webpack concatenated into another (main.ts, the root of its chunk) is found inside it,
  // which also carries its blocks.
  const moduleOf = (file) => [...compilation.modules].find((module) => module.resource === file || module.modules?.some((inner) => inner.resource === file));
  const blockOf = (module, request) => module?.blocks.find((block) => block.dependencies.some((dependency) => dependency.request === request));
  const bootBlock = blockOf(moduleOf(entry), bootstrapRequest);
  const bootGroup = bootBlock && compilation.chunkGraph.getBlockChunkGroup(bootBlock);
  const table = moduleOf(pageTable);
  if (!bootGroup || !table) return { pageChunks: {}, bootChunks: [], problems: [...problems, `no ${bootGroup ? pageTable : `import('${bootstrapRequest}') in ${entry}`}`] };
  const boot = bootShares(compilation, bootGroup);
  const pageChunks = {};
  for (const { path, request } of routes) {
    const block = blockOf(table, request);
    const group = block && compilation.chunkGraph.getBlockChunkGroup(block);
    if (group) pageChunks[path] = hostPageFiles(compilation, group, boot);
    else problems.push(`no chunk for the page of ${path} (${request})`);
  }
  return { pageChunks, bootChunks: [...boot.bootFiles].sort(), problems };
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

module.exports = { pageRoutesInSource, pageChunksByRoute, hostPageChunksByRoute, manifestWithPageChunks };
