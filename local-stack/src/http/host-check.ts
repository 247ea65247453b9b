/** Host names every instance answers: it listens on loopback by default. */
const LOOPBACK_NAMES = ['127.0.0.1', 'localhost', '[::1]', '::1'];

/** The name part of a Host header (`[::1]:54321` → `[::1]`, `Example.org:80` → `example.org`). */
export function hostName(header: string): string {
  const h = header.trim().toLowerCase();
  if (h.startsWith('[')) return h.slice(0, h.indexOf(']') + 1);
  const colon = h.lastIndexOf(':');
  return colon === -1 ? h : h.slice(0, colon);
}

/**
 * A Host allow-list: loopback, the address the server listens on (unless it is a wildcard) and
 * `extra` (names, or name:port). A page on attacker.example that rebinds its DNS to 127.0.0.1
 * still sends `Host: attacker.example`, so it is refused before any handler runs.
 */
export function hostAllowList(listenHost: string, extra: readonly string[]): (header: string | undefined | null) => boolean {
  const names = new Set(LOOPBACK_NAMES);
  if (listenHost && listenHost !== '0.0.0.0' && listenHost !== '::') names.add(listenHost.toLowerCase().includes(':') && !listenHost.startsWith('[') ? `[${listenHost.toLowerCase()}]` : listenHost.toLowerCase());
  const exact = new Set(extra.map((e) => e.trim().toLowerCase()).filter(Boolean));
  for (const e of exact) names.add(hostName(e));
  return (header) => {
    if (!header) return false;
    const h = header.trim().toLowerCase();
    return names.has(hostName(h)) || exact.has(h);
  };
}

export const MISDIRECTED_MESSAGE = 'This host name is not served here (set STACK_ALLOWED_HOSTS to add it)';
