// `@dossier/shared/ui/controls`: the design system's Radix-built form controls — Checkbox,
// Switch and Tabs — as a shared module of their own (issue 24, ADR 0486). `@dossier/shared/ui`
// is one shared module: whatever it imports, every page that draws a button pays for before its
// first row. No first render of the library or the dashboard draws one of these; the pages that
// do (sign-in, settings, transfers, the share dialog, …) import them from here, and their code
// (Radix's checkbox, switch, tabs, roving focus and collection, ~11 KB gzip) comes with them.
export * from '../design-system/checkbox';
export * from '../design-system/tabs';
