import {
  can,
  type NotificationSettings,
  type NotificationSettingsInput,
  type NotificationTemplate,
  notificationPlaceholders,
  unknownPlaceholders,
} from '@fieldplan/shared';
import { type ChangeEvent, type ComponentProps, type FormEvent, useState } from 'react';
import { Button } from '../../components/Button';
import { EmptyState } from '../../components/EmptyState';
import { PageHeader, Panel } from '../../components/Panel';
import { TextArea } from '../../components/TextArea';
import { TextField } from '../../components/TextField';
import { useToast } from '../../components/use-toast';
import { useWorkspace } from '../../entities/workspace/use-workspace';
import { problemMessage, toProblem } from '../../lib/problem';
import { useNotificationSettingsQuery, useSaveNotificationSettingsMutation } from './endpoints';
import { kindLabel, preview } from './labels';
import './Notifications.css';

type Draft = NotificationSettingsInput;
type SendingKey =
  | 'fromAddress'
  | 'replyTo'
  | 'companyPhone'
  | 'reminderDaysBefore'
  | 'reminderTime'
  | 'moveThresholdMinutes';
type FieldLook = Pick<ComponentProps<typeof TextField>, 'label' | 'hint' | 'optional' | 'type' | 'min' | 'max'>;
const asText = (text: string) => text;
const orNull = (text: string) => text || null;

function draftOf(s: NotificationSettings): Draft {
  const { channels: _channels, version: _version, ...input } = s;
  return input;
}

const unknownError = (text: string) => {
  const unknown = unknownPlaceholders(text);
  return unknown.length > 0 ? `Unknown placeholder ${unknown.map((n) => `{${n}}`).join(', ')}` : undefined;
};

/** Settings → Notifications: the switch, sender addresses, reminder time and each kind's template with a preview. */
export function NotificationSettingsPage() {
  const { workspaceId, role } = useWorkspace();
  const readable = can(role, 'notifications.read');
  const { data, error } = useNotificationSettingsQuery(workspaceId, { skip: !readable });
  if (!readable) {
    return (
      <EmptyState icon="settings" title="Only the office sees notification settings">
        Ask an owner of this workspace about customer emails and texts.
      </EmptyState>
    );
  }
  return (
    <>
      <PageHeader
        title="Customer notifications"
        description="Emails and texts to customers when a visit is requested online, booked or declined, the day before, when the technician is on the way and when it is done (with a link to the visit report)."
      />
      {data ? (
        <SettingsForm key={data.version} settings={data} editable={can(role, 'notifications.manage')} />
      ) : error ? (
        <p role="alert">{problemMessage(toProblem(error))}</p>
      ) : null}
    </>
  );
}

function SettingsForm({ settings, editable }: { settings: NotificationSettings; editable: boolean }) {
  const { workspaceId } = useWorkspace();
  const [draft, setDraft] = useState<Draft>(() => draftOf(settings));
  const [save, { isLoading }] = useSaveNotificationSettingsMutation();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const toast = useToast();
  const set = (patch: Partial<Draft>) => setDraft((d) => ({ ...d, ...patch }));
  const setTemplate = (i: number, patch: Partial<NotificationTemplate>) =>
    setDraft((d) => ({ ...d, templates: d.templates.map((t, j) => (j === i ? { ...t, ...patch } : t)) }));

  /** A template's text: its placeholders checked as it is typed, else the server's error for it. */
  const templateText = (i: number, key: 'subject' | 'body' | 'sms') => {
    const text = draft.templates[i]?.[key] ?? '';
    return {
      value: text,
      disabled: !editable,
      error: unknownError(text) ?? errors[`templates.${i}.${key}`],
      onChange: (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => setTemplate(i, { [key]: e.target.value }),
    };
  };

  /** One of the sending fields: `read` turns the input's text into the draft's value. */
  const field = <K extends SendingKey>(key: K, props: FieldLook, read: (text: string) => Draft[K]) => (
    <TextField
      {...props}
      value={draft[key] ?? ''}
      disabled={!editable}
      error={errors[key]}
      onChange={(e) => set({ [key]: read(e.target.value) })}
    />
  );

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    try {
      await save({ workspaceId, version: settings.version, body: draft }).unwrap();
      setErrors({});
      toast({ tone: 'success', message: 'Notification settings saved' });
    } catch (error) {
      const problem = toProblem(error);
      setErrors(Object.fromEntries((problem.errors ?? []).map((e) => [e.path, e.message])));
      toast({ tone: 'error', message: problemMessage(problem) });
    }
  };

  return (
    <form onSubmit={(e) => void onSubmit(e)} aria-label="Notification settings">
      <Panel title="Sending">
        <label className="checkbox-field">
          <input
            type="checkbox"
            checked={draft.enabled}
            disabled={!editable}
            onChange={(e) => set({ enabled: e.target.checked })}
          />{' '}
          Send customer notifications
        </label>
        {!settings.channels.email && <p>Email is not set up on this server (SMTP_URL).</p>}
        {!settings.channels.sms && <p>Texts are not set up on this server (SMS_*).</p>}
        {field('fromAddress', { label: 'From address', optional: true, type: 'email' }, orNull)}
        {field('replyTo', { label: 'Reply-to address', optional: true, type: 'email' }, orNull)}
        {field('companyPhone', { label: 'Company phone', hint: 'Shown where a template says {companyPhone}' }, asText)}
        {field(
          'reminderDaysBefore',
          { label: 'Reminder: days before the visit', type: 'number', min: 0, max: 14 },
          Number,
        )}
        {field('reminderTime', { label: 'Reminder time', type: 'time' }, asText)}
        {field(
          'moveThresholdMinutes',
          { label: 'Confirm again when a visit moves by more than (minutes)', type: 'number', min: 0 },
          Number,
        )}
      </Panel>
      <Panel title="Templates" description={`Placeholders: ${notificationPlaceholders.map((n) => `{${n}}`).join(' ')}`}>
        {draft.templates.map((t, i) => (
          <fieldset key={t.kind} className="notification-template">
            <legend>{kindLabel[t.kind]}</legend>
            <label className="checkbox-field">
              <input
                type="checkbox"
                checked={t.enabled}
                disabled={!editable}
                onChange={(e) => setTemplate(i, { enabled: e.target.checked })}
              />{' '}
              Send this one
            </label>
            <TextField label="Email subject" {...templateText(i, 'subject')} />
            <TextArea label="Email text" rows={6} {...templateText(i, 'body')} />
            <TextArea label="Text message" rows={2} {...templateText(i, 'sms')} />
            <figure className="notification-preview" aria-label={`Preview of ${kindLabel[t.kind]}`}>
              <strong>{preview(t.subject)}</strong>
              {'\n\n'}
              {preview(t.body)}
            </figure>
          </fieldset>
        ))}
      </Panel>
      {editable && (
        <Button type="submit" variant="primary" loading={isLoading}>
          Save
        </Button>
      )}
    </form>
  );
}
