import type { RemoteModule } from './remote-module';

/**
 * What a remote's own build says of itself: its `BUILD` from `@dossier/build`, which webpack
 * inlines into that remote's bundle. Only the remote can supply it — see `defineArea`.
 */
export type AreaBuild = Pick<RemoteModule, 'contractVersion' | 'release' | 'sharedRequirements'>;

/**
 * The `./Module` a remote exposes: what it was built against, and its own `register` step (run
 * once when the shell has loaded and accepted the area — contract 2: areas register themselves).
 *
 * `build` must be the remote's own `BUILD`, passed in from the remote's module. This file is part
 * of `@dossier/shared`, a runtime singleton that is the SHELL's copy when an area loads, so it
 * never reads `@dossier/build` itself: that would report the shell's versions for every remote,
 * and the shell could never refuse one built against another contract (issue 8 §1, ADR 0032).
 */
export function defineArea(build: AreaBuild, register: RemoteModule['register']): RemoteModule {
  return {
    contractVersion: build.contractVersion,
    release: build.release,
    sharedRequirements: build.sharedRequirements,
    register,
  };
}
