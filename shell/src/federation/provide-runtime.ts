import * as runtimeCore from '@module-federation/runtime-core';
import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

/**
 * The shell's federation runtime core, put where the remotes' production builds look for it
 * (`experiments.externalRuntime`: the global `_FEDERATION_RUNTIME_CORE`), before the first remote
 * loads (ADR 0300). Module Federation's own `provideExternalRuntime` does the same, but its plugin
 * is resolved as CommonJS and brought a second copy of the core (~24 KB gzip) into main.js;
 * this import is the very module the shell's runtime already runs.
 */
export default function provideFederationRuntime(): ModuleFederationRuntimePlugin {
  return {
    name: 'dossier-provide-federation-runtime',
    beforeInit(args) {
      (globalThis as { _FEDERATION_RUNTIME_CORE?: unknown })._FEDERATION_RUNTIME_CORE = runtimeCore;
      return args;
    },
  };
}
