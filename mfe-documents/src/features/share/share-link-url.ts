import type { ShareTarget } from '../../api/share-links';

/**
 * Links are shown in full only once, right after creation: the server keeps a hash of the token.
 * This device remembers the links it created, so their owner can copy or share them again here
 * (also offline) — like a password manager remembering what it generated (ADR 0066).
 */
const STORAGE_KEY = 'dossier-share-links';

export function shareUrl(target: ShareTarget, token: string, origin = window.location.origin): string {
  return `${origin}/${'documentId' in target ? 'link' : 'portfolio'}/${token}`;
}

function readAll(): Record<string, string> {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? '{}');
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, string>) : {};
  } catch {
    return {};
  }
}

export function rememberShareUrl(linkId: string, url: string): void {
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify({ ...readAll(), [linkId]: url }));
  } catch {
    // Storage full or blocked: the link still works, it just cannot be copied again later.
  }
}

export function rememberedShareUrl(linkId: string): string | null {
  return readAll()[linkId] ?? null;
}

export function forgetShareUrl(linkId: string): void {
  const all = readAll();
  delete all[linkId];
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify(all));
  } catch {
    // nothing to do
  }
}

export type ShareOutcome = 'shared' | 'copied' | 'cancelled' | 'failed';

/** The device share sheet when there is one, else the clipboard (SPEC §4 offline fallback). */
export async function shareOrCopy(url: string, title: string): Promise<ShareOutcome> {
  const nav = navigator as Navigator & { share?: (data: ShareData) => Promise<void>; canShare?: (data: ShareData) => boolean };
  if (typeof nav.share === 'function' && (!nav.canShare || nav.canShare({ url, title }))) {
    try {
      await nav.share({ url, title });
      return 'shared';
    } catch (error) {
      if ((error as { name?: string }).name === 'AbortError') return 'cancelled';
    }
  }
  return (await copyText(url)) ? 'copied' : 'failed';
}

export async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    const area = document.createElement('textarea');
    area.value = text;
    area.setAttribute('readonly', '');
    area.style.position = 'fixed';
    area.style.opacity = '0';
    document.body.appendChild(area);
    area.select();
    const ok = document.execCommand?.('copy') ?? false;
    area.remove();
    return ok;
  }
}
