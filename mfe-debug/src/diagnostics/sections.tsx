import { useEffect, useState, useSyncExternalStore } from 'react';
import { useDossier } from '@dossier/shared';
import { HttpError, RemoteLoadError, TimeoutError, classifyError, errorScreenTitle } from '@dossier/shared/core';
import type { Section } from './debug-pages';
import { addressParameters, mask } from './debug-pages';

function Rows({ rows }: { rows: [string, React.ReactNode][] }) {
  return (
    <dl className="debug-rows">
      {rows.map(([name, value]) => (
        <div key={name}>
          <dt>{name}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function ConfigSection() {
  const { config } = useDossier();
  return (
    <Rows
      rows={[
        ['API address', config.supabaseUrl],
        ['Anon key', mask(config.supabaseAnonKey)],
        ['Debug routes', String(config.features.debugRoutes)],
        ...Object.entries(config.remotes).map(([name, url]): [string, string] => [`Remote ${name}`, url]),
      ]}
    />
  );
}

function SessionSection() {
  const { auth } = useDossier();
  const expires = auth.session?.expires_at ? new Date(auth.session.expires_at * 1000).toISOString() : '—';
  return (
    <Rows
      rows={[
        ['Status', auth.status],
        ['User id', auth.user?.id ?? '—'],
        ['E-mail', auth.user?.email ?? '—'],
        ['Name', auth.user?.name ?? '—'],
        ['Provider', String(auth.session?.user.app_metadata?.provider ?? '—')],
        ['Access token expires', expires],
      ]}
    />
  );
}

function SupabasePingSection() {
  const { config } = useDossier();
  const [result, setResult] = useState<string>('Not checked yet');
  const ping = async () => {
    setResult('Checking…');
    const started = performance.now();
    try {
      const response = await fetch(`${config.supabaseUrl}/auth/v1/health`, { headers: { apikey: config.supabaseAnonKey } });
      setResult(`${response.ok ? 'Reachable' : 'Answered with an error'}: HTTP ${response.status} in ${Math.round(performance.now() - started)} ms`);
    } catch (error) {
      setResult(`Unreachable — ${classifyError(error).userMessage}`);
    }
  };
  return (
    <div>
      <button type="button" onClick={() => void ping()}>
        Check the API
      </button>{' '}
      <output>{result}</output>
    </div>
  );
}

function OAuthParamsSection() {
  const rows = addressParameters(window.location.href);
  if (rows.length === 0) return <p>This address carries no query or fragment parameters.</p>;
  return (
    <table>
      <thead>
        <tr>
          <th scope="col">Where</th>
          <th scope="col">Name</th>
          <th scope="col">Value</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={`${row.source}-${row.name}`}>
            <td>{row.source}</td>
            <td>{row.name}</td>
            <td>{row.value}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function DriveConfigSection() {
  const { config } = useDossier();
  const redirectUri = `${window.location.origin}/oauth-callback`;
  const complete = !config.drive.enabled || Boolean(config.drive.clientId && config.drive.apiKey);
  return (
    <Rows
      rows={[
        ['Drive import', config.drive.enabled ? 'enabled' : 'disabled'],
        ['Client id', config.drive.clientId || 'missing'],
        ['API key', config.drive.apiKey ? mask(config.drive.apiKey) : 'missing'],
        ['API base', config.drive.apiBaseUrl],
        ['Authorisation endpoint', config.drive.authUrl],
        ['Scope', 'https://www.googleapis.com/auth/drive.readonly'],
        ['Redirect URI', redirectUri],
        ['Configuration complete', complete ? 'yes' : 'no — a drive client id and key are required'],
      ]}
    />
  );
}

function RedirectsSection() {
  return (
    <Rows
      rows={[
        ['Origin', window.location.origin],
        ['This address', window.location.pathname],
        ['After sign-in', `${window.location.origin}/dashboard`],
        ['OAuth return', `${window.location.origin}/oauth-callback`],
        ['Referrer', document.referrer || '—'],
      ]}
    />
  );
}

function RemotesSection() {
  const { remotes } = useDossier();
  const noop = () => () => undefined;
  const list = useSyncExternalStore(remotes?.subscribe ?? noop, remotes?.list ?? (() => []));
  if (!remotes) return <p>Running standalone: the shell's remote status is not available.</p>;
  return (
    <table>
      <thead>
        <tr>
          <th scope="col">Area</th>
          <th scope="col">State</th>
          <th scope="col">Contract</th>
          <th scope="col">Release</th>
          <th scope="col">Manifest</th>
          <th scope="col">Last error</th>
        </tr>
      </thead>
      <tbody>
        {list.map((remote) => (
          <tr key={remote.name}>
            <td>{remote.name}</td>
            <td>{remote.state}</td>
            <td>{remote.contractVersion ?? '—'}</td>
            <td data-area-release={remote.name}>{remote.release ?? '—'}</td>
            <td>{remote.manifestUrl}</td>
            <td>{remote.error ?? '—'}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function ErrorLogSection() {
  const { errors } = useDossier();
  const [, refresh] = useState(0);
  const list = errors.list();
  return (
    <div>
      <p>
        {list.length} recorded (the last 100 are kept).{' '}
        <button type="button" onClick={() => refresh((n) => n + 1)}>
          Refresh
        </button>
      </p>
      <ol>
        {[...list].reverse().slice(0, 20).map((error, index) => (
          <li key={`${error.timestamp}-${index}`}>
            {error.timestamp} — {error.type} ({error.severity}): {error.userMessage}
          </li>
        ))}
      </ol>
    </div>
  );
}

const DEMO_ERRORS: [string, () => unknown][] = [
  ['HTTP 401', () => new HttpError(401)],
  ['HTTP 403', () => new HttpError(403)],
  ['HTTP 404', () => new HttpError(404)],
  ['HTTP 500', () => new HttpError(500)],
  ['Timeout', () => new TimeoutError()],
  ['Network failure', () => new TypeError('Failed to fetch')],
  ['Remote down', () => new RemoteLoadError('documents', new Error('Failed to load script'))],
];

function ErrorDemoSection() {
  const { errors } = useDossier();
  const [crash, setCrash] = useState(false);
  if (crash) throw new Error('Error demo: a component failed while rendering');
  return (
    <div>
      <table>
        <thead>
          <tr>
            <th scope="col">Failure</th>
            <th scope="col">Class</th>
            <th scope="col">Screen title</th>
            <th scope="col">Message</th>
            <th scope="col">Retry</th>
          </tr>
        </thead>
        <tbody>
          {DEMO_ERRORS.map(([name, make]) => {
            const classified = classifyError(make());
            return (
              <tr key={name}>
                <td>{name}</td>
                <td>{classified.type}</td>
                <td>{errorScreenTitle(classified)}</td>
                <td>{classified.userMessage}</td>
                <td>{classified.retryable ? 'yes' : 'no'}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <p>
        <button type="button" onClick={() => errors.report(new TypeError('Failed to fetch'), { source: 'error-demo' })}>
          Record a network error
        </button>{' '}
        <button type="button" onClick={() => setCrash(true)}>
          Crash this page
        </button>
      </p>
    </div>
  );
}

function VitalsSection() {
  const { device } = useDossier();
  const [vitals, setVitals] = useState<Record<string, string>>({});
  useEffect(() => {
    let live = true;
    void import('web-vitals').then(({ onFCP, onLCP, onCLS, onTTFB, onINP }) => {
      const record = (metric: { name: string; value: number; rating: string }) => {
        if (live) setVitals((current) => ({ ...current, [metric.name]: `${metric.value.toFixed(metric.name === 'CLS' ? 3 : 0)} (${metric.rating})` }));
      };
      for (const on of [onFCP, onLCP, onCLS, onTTFB, onINP]) on(record, { reportAllChanges: true });
    });
    return () => {
      live = false;
    };
  }, []);
  const navigation = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
  return (
    <Rows
      rows={[
        ...Object.entries(vitals),
        ['DOM content loaded', navigation ? `${Math.round(navigation.domContentLoadedEventEnd)} ms` : '—'],
        ['Scripts loaded', String(performance.getEntriesByType('resource').filter((entry) => entry.name.endsWith('.js')).length)],
        ['Metrics recorded by the shell', String(device.metrics().length)],
        ['Network quality', device.network().quality],
      ]}
    />
  );
}

function PortfoliosSection() {
  const { auth } = useDossier();
  const [result, setResult] = useState('Not loaded');
  const load = async () => {
    setResult('Loading…');
    const { data, error } = await auth.supabase.from('portfolios').select('id, name, created_at').limit(20);
    setResult(error ? classifyError(error).userMessage : `${data.length} portfolio(s): ${data.map((p: { name: string }) => p.name).join(', ') || '—'}`);
  };
  return (
    <div>
      <button type="button" onClick={() => void load()} disabled={auth.status !== 'signed-in'}>
        Load my portfolios
      </button>{' '}
      <output>{auth.status === 'signed-in' ? result : 'Sign in to load portfolios.'}</output>
    </div>
  );
}

export const SECTIONS: Record<Section, { heading: string; Component: () => React.ReactNode }> = {
  config: { heading: 'Configuration', Component: ConfigSection },
  session: { heading: 'Session', Component: SessionSection },
  'supabase-ping': { heading: 'API reachability', Component: SupabasePingSection },
  'oauth-params': { heading: 'Address parameters', Component: OAuthParamsSection },
  'drive-config': { heading: 'Google Drive', Component: DriveConfigSection },
  redirects: { heading: 'Redirects', Component: RedirectsSection },
  remotes: { heading: 'Areas (remotes)', Component: RemotesSection },
  'error-log': { heading: 'Error log', Component: ErrorLogSection },
  'error-demo': { heading: 'Error classification', Component: ErrorDemoSection },
  vitals: { heading: 'Measurements', Component: VitalsSection },
  portfolios: { heading: 'Portfolios', Component: PortfoliosSection },
};
