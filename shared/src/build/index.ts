/**
 * Facts about the build this code was compiled in, inlined by the webpack helper
 * (tools/webpack/build-info.cjs, DefinePlugin). Imported as `@dossier/build`, which is
 * deliberately NOT a shared module: each remote carries its own copy, so what a remote reports
 * is what it was built against — not the shell's shared `@dossier/shared` (docs/decisions/0032).
 * Under Jest the same values come from jest.preset.cjs.
 */
export interface BuildInfo {
  /** The contract version the code was compiled against ('unknown' outside the webpack helper). */
  contractVersion: string;
  /** The build's release label (the commit in CI, 'local' otherwise). */
  release: string | undefined;
  /** The version ranges this build requires of each shared singleton ('react': '^19.3.1', …). */
  sharedRequirements: Record<string, string>;
  /** The versions this build provides of each shared singleton ('react': '19.3.1', …). */
  sharedVersions: Record<string, string>;
}

function parse(json: string | undefined): Record<string, string> {
  if (!json) return {};
  try {
    const value: unknown = JSON.parse(json);
    return value && typeof value === 'object' ? (value as Record<string, string>) : {};
  } catch {
    return {};
  }
}

export const BUILD: BuildInfo = {
  contractVersion: process.env.DOSSIER_CONTRACT_VERSION ?? 'unknown',
  release: process.env.DOSSIER_RELEASE,
  sharedRequirements: parse(process.env.DOSSIER_SHARED_REQUIREMENTS),
  sharedVersions: parse(process.env.DOSSIER_SHARED_VERSIONS),
};
