export { InstallPrompt } from './install-prompt';
export { installPromptEvents, createInstallPromptEvents, type BeforeInstallPromptEvent } from './install-prompt-events';
export { installInstructions } from './install-instructions';
export { INSTALL_DISMISSED_KEY, installPromptDismissed, rememberInstallDismissal } from './install-dismissal';
