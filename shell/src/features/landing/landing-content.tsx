import type { ComponentType, ReactNode } from 'react';
import './landing-page.css';

const FEATURES = [
  { title: 'Everything in its place', text: 'Passports, medical records, insurance, tax papers: 20 ready-made categories, or your own.' },
  { title: 'Portfolios to share', text: 'Group documents into portfolios and share them with a link when someone needs them.' },
  { title: 'Nothing expires unnoticed', text: 'See what is expiring soon on your dashboard, before it becomes urgent.' },
  { title: 'Import from Google Drive', text: 'Bring documents over from your drive without downloading them first.' },
  { title: 'Works offline', text: 'Install Dossier on your phone or computer; uploads made offline are sent when you are back.' },
];

/** How the landing page links: react-router's Link in the app, a plain anchor in the light landing. */
export type LandingLink = ComponentType<{ to: string; className?: string; children: ReactNode }>;

/**
 * What a visitor reads on `/`. Free of the router and the services, so the light landing
 * (landing-start.tsx, ADR 0185) renders the same page from a small entry.
 */
export function LandingContent({ Link }: { Link: LandingLink }) {
  return (
    <div className="landing">
      <section className="landing-hero" aria-labelledby="landing-title">
        <h1 id="landing-title">Keep the documents that matter, in one safe place</h1>
        <p className="landing-lead">
          Dossier organises your identity papers, medical records, insurance policies, tax documents and more — in categories and
          portfolios you can search, share and take anywhere.
        </p>
        <div className="landing-actions">
          <Link className="landing-cta landing-cta-primary" to="/auth?mode=sign-up">
            Create a free account
          </Link>
          <Link className="landing-cta" to="/auth">
            Sign in
          </Link>
        </div>
      </section>
      <section className="landing-features" aria-labelledby="landing-features-title">
        <h2 id="landing-features-title">What Dossier does</h2>
        <ul>
          {FEATURES.map((feature) => (
            <li key={feature.title}>
              <h3>{feature.title}</h3>
              <p>{feature.text}</p>
            </li>
          ))}
        </ul>
      </section>
      <footer className="landing-footer">
        <Link to="/privacy">Privacy Policy</Link>
        <Link to="/terms">Terms</Link>
      </footer>
    </div>
  );
}
