import { useEffect, useId, useState, useSyncExternalStore, type ReactElement } from 'react';
import { createPortal } from 'react-dom';
import { FOOT_NOTICES_ID } from '../../frame/frame-layout';
import { INSTALL_PROMPT, INSTALL_TEXTS } from '@dossier/shared/core';
import { isInstalledApp } from '@dossier/shared/core/device';
import { installPromptDismissed, rememberInstallDismissal } from './install-dismissal';
import { installPromptEvents as defaultEvents, type InstallPromptEvents } from './install-prompt-events';
import { installInstructions } from './install-instructions';
import { Button, CloseIcon, IconButton } from '@dossier/shared/ui';

/** Pages where no install offer shows: a visitor's shared page, a task in progress (issue 22). */
const QUIET_PATH = /^\/(link|portfolio|auth|payment-success|share-handler)(\/|$)/;
/** How often a hint that came due in a busy moment looks again for a calm one. */
const CALM_RETRY_MS = 5_000;

/** After the page when the frame offers the place (never above what a person reads); else where it is. */
function atFootOfPage(hint: ReactElement): ReactElement {
  const foot = document.getElementById(FOOT_NOTICES_ID);
  return foot ? createPortal(hint, foot) : hint;
}

/** A person is in the middle of something: a dialog or sheet is open, or they are typing. */
function busy(): boolean {
  if (document.querySelector('[role="dialog"], [role="alertdialog"], dialog[open]')) return true;
  const active = document.activeElement;
  return active instanceof HTMLElement && active.matches('input, textarea, select, [contenteditable=""], [contenteditable="true"]');
}

/**
 * SPEC §4 install prompt: offered on the browser's install event unless Dossier is already
 * installed; without the event for 10 s, a manual 'How to Install' hint with this browser's
 * steps; either one dismissed stays away for 24 hours.
 */
export function InstallPrompt({ events = defaultEvents, path = '/' }: { events?: InstallPromptEvents; path?: string }) {
  const titleId = useId();
  const deferred = useSyncExternalStore(events.subscribe, events.event, () => null);
  const installed = useSyncExternalStore(events.subscribe, events.installed, () => false);
  const [eligible] = useState(() => !isInstalledApp() && !installPromptDismissed());
  const [manualHint, setManualHint] = useState(false);
  const [closed, setClosed] = useState(false);

  useEffect(() => {
    events.start();
    if (!eligible) return;
    // The manual hint waits for a calm moment: never over an open dialog or a field being typed in.
    let timer = setTimeout(function check() {
      if (busy()) timer = setTimeout(check, CALM_RETRY_MS);
      else setManualHint(true);
    }, INSTALL_PROMPT.manualHintAfterMs);
    return () => clearTimeout(timer);
  }, [eligible, events]);

  if (!eligible || closed || installed || QUIET_PATH.test(path)) return null;

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
    return atFootOfPage(
      <aside className="dossier-install-prompt" aria-labelledby={titleId}>
        <h2 id={titleId}>Install Dossier</h2>
        <p>Add Dossier to your home screen or desktop: it opens in its own window and keeps working offline.</p>
        <div className="dossier-install-actions">
          <Button onClick={dismiss}>Not now</Button>
          <Button variant="primary" onClick={() => void install()}>
            Install
          </Button>
        </div>
      </aside>
    );
  }

  if (!manualHint) return null;
  const instructions = installInstructions(navigator.userAgent);
  return atFootOfPage(
    <aside className="dossier-install-prompt" aria-labelledby={titleId}>
      <div className="dossier-install-head">
        <h2 id={titleId}>{INSTALL_TEXTS.manualHintTitle}</h2>
        <IconButton label="Dismiss" size="sm" icon={<CloseIcon />} onClick={dismiss} />
      </div>
      <p>Install Dossier in {instructions.browser} to open it like an app:</p>
      <ol>
        {instructions.steps.map((step) => (
          <li key={step}>{step}</li>
        ))}
      </ol>
      <div className="dossier-install-actions">
        <Button onClick={dismiss}>Got it</Button>
      </div>
    </aside>
  );
}
