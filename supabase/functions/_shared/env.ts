// The one reader of the functions' environment (ADR 0481): every function reads its settings
// here, against the declarations in shared/src/settings/function-settings.ts (name, meaning,
// default, rule; the table in docs/configuration.md is generated from them). That file has no
// imports, so Supabase's bundler takes it into each function as it takes shared/src/core/naming.
import { FunctionSettingError, readFunctionSetting, type FunctionSettingName } from '../../../shared/src/settings/function-settings.ts';

export { FunctionSettingError };

/** One setting: undefined when unset or empty; a wrong value throws FunctionSettingError naming it. */
export function env(name: FunctionSettingName): string | undefined {
  return readFunctionSetting(name, (n) => Deno.env.get(n));
}
