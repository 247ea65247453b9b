import { useEffect, useId, useState, useSyncExternalStore } from 'react';
import { INSTALL_PROMPT, INSTALL_TEXTS } from '@dossier/shared/core';
import { isInstalledApp } from '@dossier/shared/core/device';
import { installPromptDismissed, rememberInstallDismissal } from './install-dismissal';
import { installPromptEvents as defaultEvents, type InstallPromptEvents } from './install-prompt-events';
import { installInstructions } from './install-instructions';

/**
 * SPEC §4 install prompt: offered on the browser's install event unless Dossier is already
 * installed; without the event for 10 s, a manual 'How to Install' hint with this browser's
 * steps; either one dismissed stays away for 24 hours.
 */
export function InstallPrompt({ events = defaultEvents }: { events?: InstallPromptEvents }) {
  const titleId = useId();
  const deferred = useSyncExternalStore(events.subscribe, events.event, () => null);
  const installed = useSyncExternalStore(events.subscribe, events.installed, () => false);
  const [eligible] = useState(() => !isInstalledApp() && !installPromptDismissed());
  const [manualHint, setManualHint] = useState(false);
  const [closed, setClosed] = useState(false);

  useEffect(() => {
    events.start();
    if (!eligible) return;
    const timer = setTimeout(() => setManualHint(true), INSTALL_PROMPT.manualHintAfterMs);
    return () => clearTimeout(timer);
  }, [eligible, events]);

  if (!eligible || closed || installed) return null;

  const dismiss = () => {
    rememberInstallDismissal();
    setClosed(true);
  };

  if (deferred) {
    const install = async () => {
      events.consume();
      await deferred.prompt();
      const choice = await deferred.userChoice;
      if (choice.outcome === 'dismissed') rememberInstallDismissal();
      setClosed(true);
    };
    return (
      <aside className="dossier-install-prompt" aria-labelledby={titleId}>
        <h2 id={titleId}>Install Dossier</h2>
        <p>Add Dossier to your home screen or desktop: it opens in its own window and keeps working offline.</p>
        <div className="dossier-install-actions">
          <button type="button" className="dossier-primary" onClick={() => void install()}>
            Install
          </button>
          <button type="button" onClick={dismiss}>
            Not now
          </button>
        </div>
      </aside>
    );
  }

  if (!manualHint) return null;
  const instructions = installInstructions(navigator.userAgent);
  return (
    <aside className="dossier-install-prompt" aria-labelledby={titleId}>
      <h2 id={titleId}>{INSTALL_TEXTS.manualHintTitle}</h2>
      <p>Install Dossier in {instructions.browser} to open it like an app:</p>
      <ol>
        {instructions.steps.map((step) => (
          <li key={step}>{step}</li>
        ))}
      </ol>
      <div className="dossier-install-actions">
        <button type="button" onClick={dismiss}>
          Got it
        </button>
      </div>
    </aside>
  );
}
