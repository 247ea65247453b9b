import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { useAuth, useToasts, Widget } from '@dossier/shared';
import { Button, Page, TextField } from '@dossier/shared/ui';
import { NotificationSettings } from './notification-settings';
import { AnalysisSettings } from './analysis-settings';
import { PlanSection } from '../billing';
import { SecuritySection } from '../security';
import { DeleteAccountSection, DeletionNotice } from '../delete-account';
import { ExportSection } from '../export';
import './settings.css';

const NAME_MAX_LENGTH = 100;

/** `/settings`: profile name, e-mail, notifications, privacy and sign-out. */
export default function SettingsPage() {
  const id = useId();
  const auth = useAuth();
  const toasts = useToasts();
  const [name, setName] = useState(auth.user?.name ?? '');
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const saveName = async (event: React.FormEvent) => {
    event.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) {
      setError('Please enter your name.');
      return;
    }
    setError(null);
    setSaving(true);
    try {
      // SPEC §3 reads the name from user metadata (full_name, then name): keep both in step.
      const { error: updateError } = await auth.supabase.auth.updateUser({ data: { name: trimmed, full_name: trimmed } });
      if (updateError) throw updateError;
      toasts.stacked.add({ title: 'Your name was saved', variant: 'success' });
    } catch {
      setError('Your name could not be saved. Please try again.');
    } finally {
      setSaving(false);
    }
  };

  return (
    <Page title="Settings" description="Your profile, sign-in security, notifications and privacy.">
      <DeletionNotice />
      <section aria-labelledby={`${id}-profile`} className="dossier-settings-section">
        <h2 id={`${id}-profile`}>Profile</h2>
        <form onSubmit={(event) => void saveName(event)} noValidate className="dossier-settings-profile">
          <TextField
            label="Name"
            name="name"
            autoComplete="name"
            value={name}
            maxLength={NAME_MAX_LENGTH}
            onChange={(event) => setName(event.target.value)}
            error={error}
            className="dossier-settings-name"
          />
          <div className="dossier-field">
            <span id={`${id}-email-label`}>E-mail</span>
            <p aria-labelledby={`${id}-email-label`} className="dossier-settings-value">
              {auth.user?.email}
            </p>
          </div>
          <Button type="submit" variant="primary" loading={saving}>
            Save name
          </Button>
        </form>
      </section>
      <PlanSection />
      <SecuritySection />
      <NotificationSettings />
      {/* Expiry reminders and the calendar feed belong to the documents area (issue 15). */}
      <Widget name="documents.reminder-settings" />
      <AnalysisSettings />
      <section aria-labelledby={`${id}-privacy`} className="dossier-settings-section">
        <h2 id={`${id}-privacy`}>Privacy</h2>
        <p>
          Choose what Dossier may use your data for in <Link to="/privacy-settings">Privacy Settings</Link>. Read the <Link to="/privacy">Privacy Policy</Link> and the{' '}
          <Link to="/terms">Terms of Service</Link>.
        </p>
      </section>
      <section aria-labelledby={`${id}-session`} className="dossier-settings-section">
        <h2 id={`${id}-session`}>Session</h2>
        <p>Signing out ends your session on every device.</p>
        <button type="button" onClick={() => void auth.signOut()}>
          Sign out everywhere
        </button>
      </section>
      <ExportSection />
      <DeleteAccountSection />
    </Page>
  );
}
