// The modules every app shares as singletons (docs/architecture.md). Versions come from the root
// package.json — the one place a dependency's version lives. 'react/' and 'react-dom/' (trailing
// slash) share the subpath imports too, or react-dom/client would be bundled twice.
const path = require('node:path');

// A module request (an alias in create-config.cjs), not a file path: a shared module whose
// import is a path is built into every compilation, the service worker's and index.html's
// child compilations too, where its chunk is not valid JavaScript.
const ROUTER_BROWSER = '@dossier/react-router-browser';

function sharedSingletons(root) {
  const pkg = require(path.join(root, 'package.json'));
  const sharedPkg = require(path.join(root, 'shared/package.json'));
  const version = (dep) => {
    const v = pkg.dependencies[dep];
    if (!v) throw new Error(`${dep} is not a dependency in the root package.json`);
    return v;
  };
  // strictVersion: two Reacts (or two react-doms) on one page break hooks and context.
  const strict = (dep) => ({ singleton: true, strictVersion: true, requiredVersion: `^${version(dep)}` });
  const loose = (dep) => ({ singleton: true, requiredVersion: `^${version(dep)}` });
  const dossierShared = { singleton: true, version: sharedPkg.version, requiredVersion: `^${sharedPkg.version}` };
  return {
    react: strict('react'),
    'react/': strict('react'),
    'react-dom': strict('react-dom'),
    'react-dom/': strict('react-dom'),
    // Both names are one singleton of the browser router's used exports (react-router-browser.ts,
    // ADR 0301): not the whole package, whose server half a shared module cannot shed.
    'react-router': { ...strict('react-router'), import: ROUTER_BROWSER, shareKey: 'react-router-dom', version: version('react-router-dom') },
    'react-router-dom': { ...strict('react-router-dom'), import: ROUTER_BROWSER, version: version('react-router-dom') },
    '@tanstack/react-query': strict('@tanstack/react-query'),
    '@supabase/supabase-js': loose('@supabase/supabase-js'),
    '@dossier/shared': dossierShared,
    '@dossier/shared/': dossierShared,
  };
}

module.exports = { sharedSingletons };
