/** How to install Dossier by hand, for the browser the person is using (the 'How to Install' hint). */
export interface InstallInstructions {
  browser: string;
  steps: string[];
}

/** Reads the browser from its user agent; only used to pick words, never to gate a feature. */
export function installInstructions(userAgent: string): InstallInstructions {
  const ua = userAgent;
  const ios = /iPhone|iPad|iPod/.test(ua) || (/Macintosh/.test(ua) && /Mobile/.test(ua));
  const android = /Android/.test(ua);
  if (ios) {
    return {
      browser: 'Safari on iPhone or iPad',
      steps: ['Tap the Share button in the toolbar.', "Scroll down and tap 'Add to Home Screen'.", "Tap 'Add'."],
    };
  }
  if (/SamsungBrowser/.test(ua)) {
    return { browser: 'Samsung Internet', steps: ['Open the menu (three lines).', "Tap 'Add page to', then 'Home screen'."] };
  }
  if (/Firefox|FxiOS/.test(ua)) {
    return android
      ? { browser: 'Firefox for Android', steps: ['Open the menu (three dots).', "Tap 'Install' or 'Add to Home screen'."] }
      : { browser: 'Firefox', steps: ['Firefox on the desktop cannot install web apps.', 'Open Dossier in Chrome, Edge or Safari to install it, or keep using it here.'] };
  }
  if (/Edg\//.test(ua)) {
    return { browser: 'Microsoft Edge', steps: ["Open the menu (three dots), then 'Apps'.", "Choose 'Install Dossier'."] };
  }
  if (android) {
    return { browser: 'Chrome for Android', steps: ['Open the menu (three dots).', "Tap 'Install app' or 'Add to Home screen'."] };
  }
  if (/Chrome|Chromium|CriOS/.test(ua)) {
    return { browser: 'Chrome', steps: ['Click the install icon at the right of the address bar,', "or open the menu (three dots) and choose 'Cast, save and share', then 'Install page as app'."] };
  }
  if (/Safari/.test(ua) && /Macintosh/.test(ua)) {
    return { browser: 'Safari on Mac', steps: ["Choose File, then 'Add to Dock'."] };
  }
  return { browser: 'your browser', steps: ["Look for 'Install' or 'Add to Home screen' in the browser's menu."] };
}
