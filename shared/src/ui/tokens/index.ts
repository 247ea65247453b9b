// The design system's stylesheet (tokens, themes, base and component styles) without its React
// components: for a page that needs the look but not the primitives — the shell's light landing
// of `/` (ADR 0185). '@dossier/shared/ui' imports the same file, so the app has it once.
import '../design-system/design-system.css';

export {};
