import { useEffect, useId, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useAppConfig, useAuth, useSupabase, useToasts } from '@dossier/shared';
import { Button, ButtonGroup, buttonClassName, useConfirm } from '@dossier/shared/ui';
import { Checkbox, Switch } from '@dossier/shared/ui/controls';
import { DEFAULT_REMINDER_DAYS, calendarFeedUrl, getReminderSettings, reminderKeys, saveReminderSettings, setCalendarFeed } from '../../api/reminders';
import { useDescribeError } from '../../lib/query';
import './reminders.css';

const DAY_LABELS: Record<number, string> = { 90: '90 days before', 30: '30 days before', 7: '7 days before', 0: 'On the day' };

/** 'documents.reminder-settings' (shown in /settings): when reminders come, e-mail, the calendar feed. */
export function ReminderSettings() {
  const id = useId();
  const client = useSupabase();
  const config = useAppConfig();
  const userId = useAuth().user?.id ?? null;
  const queryClient = useQueryClient();
  const toasts = useToasts().stacked;
  const describeError = useDescribeError();
  const { confirm, dialog } = useConfirm();
  const settings = useQuery({ queryKey: reminderKeys.settings(), queryFn: () => getReminderSettings(client), enabled: Boolean(userId) });
  const [days, setDays] = useState<number[]>([...DEFAULT_REMINDER_DAYS]);
  const [email, setEmail] = useState(true);
  useEffect(() => {
    if (!settings.data) return;
    setDays(settings.data.days_before);
    setEmail(settings.data.email);
  }, [settings.data]);
  const token = settings.data?.calendar_token ?? null;
  const run = async (work: () => Promise<unknown>, success: string) => {
    try {
      await work();
      await queryClient.invalidateQueries({ queryKey: reminderKeys.settings() });
      toasts.add({ title: success, variant: 'success' });
    } catch (error) {
      toasts.add({ title: describeError(error), variant: 'error' });
    }
  };
  const dirty = settings.data && (email !== settings.data.email || [...days].sort().join() !== [...settings.data.days_before].sort().join());
  const feedUrl = token ? calendarFeedUrl(config.supabaseUrl, token) : null;

  return (
    <section aria-labelledby={`${id}-title`} className="dossier-settings-section reminder-settings">
      <h2 id={`${id}-title`}>Expiry reminders</h2>
      <p>Dossier reminds you before a document expires: in the app, by e-mail, and in your calendar if you subscribe.</p>
      <fieldset>
        <legend>Remind me</legend>
        {Object.keys(DAY_LABELS)
          .map(Number)
          .sort((a, b) => b - a)
          .map((d) => (
            <Checkbox key={d} label={DAY_LABELS[d]} checked={days.includes(d)} onCheckedChange={(on) => setDays((all) => (on ? [...all, d] : all.filter((x) => x !== d)))} />
          ))}
      </fieldset>
      <Switch label="Also send reminders by e-mail" checked={email} onCheckedChange={setEmail} />
      <div>
        <Button variant="primary" disabled={!dirty || !userId} onClick={() => void run(() => saveReminderSettings(client, userId!, { days_before: days, email }), 'Reminder settings saved')}>
          Save reminder settings
        </Button>
      </div>
      <h3>Calendar feed</h3>
      {feedUrl ? (
        <>
          <p>Subscribe to this private address in Google Calendar or Apple Calendar. Anyone with it can see your documents’ names and expiry dates.</p>
          <p className="reminder-feed-url" aria-label="Calendar feed address">
            {feedUrl}
          </p>
          {/* The design system's group: its gap keeps the four buttons apart (issue 22: they touched, as
              the borrowed analysis-actions class has no CSS on the settings page). */}
          <ButtonGroup label="Calendar feed actions">
            <Button onClick={() => void navigator.clipboard?.writeText(feedUrl).then(() => toasts.add({ title: 'Address copied', variant: 'success' }))}>Copy address</Button>
            <a className={buttonClassName()} href={feedUrl} download="dossier-expiries.ics">
              Download .ics
            </a>
            <Button
              onClick={async () => {
                const ok = await confirm({ title: 'Make a new address?', description: 'The old address stops working; calendars subscribed to it stop updating.', confirmLabel: 'Make a new address' });
                if (ok) void run(() => setCalendarFeed(client, true), 'New calendar address made');
              }}
            >
              Regenerate address
            </Button>
            <Button variant="danger" onClick={() => void run(() => setCalendarFeed(client, false), 'Calendar feed switched off')}>
              Switch feed off
            </Button>
          </ButtonGroup>
        </>
      ) : (
        <Button onClick={() => void run(() => setCalendarFeed(client, true), 'Calendar feed switched on')}>Switch calendar feed on</Button>
      )}
      {dialog}
    </section>
  );
}
