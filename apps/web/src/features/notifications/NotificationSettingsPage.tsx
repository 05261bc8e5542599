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
import { TimeField } from '../../components/DateField';
import { NotAllowed } from '../../components/NotAllowed';
import { PageHeader, Panel } from '../../components/Panel';
import { TextArea } from '../../components/TextArea';
import { TextField } from '../../components/TextField';
import { useToast } from '../../components/use-toast';
import { useWorkspace } from '../../entities/workspace/use-workspace';
import { Message, t, useIntl } from '../../lib/i18n';
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
  return unknown.length > 0
    ? t({ id: 'notifications.settings.unknownPlaceholder' }, { names: unknown.map((n) => `{${n}}`).join(', ') })
    : undefined;
};

/** Settings → Notifications: the switch, sender addresses, reminder time and each kind's template with a preview. */
export function NotificationSettingsPage() {
  const intl = useIntl();
  const { workspaceId, role } = useWorkspace();
  const readable = can(role, 'notifications.read');
  const { data, error } = useNotificationSettingsQuery(workspaceId, { skip: !readable });
  if (!readable) {
    return (
      <NotAllowed
        title={{ id: 'notifications.settings.officeOnly' }}
        hint={{ id: 'notifications.settings.officeOnlyText' }}
      />
    );
  }
  return (
    <>
      <PageHeader
        title={intl.formatMessage({ id: 'notifications.settings.title' })}
        description={intl.formatMessage({ id: 'notifications.settings.description' })}
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
  const intl = useIntl();
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
      toast({
        tone: 'success',
        message: intl.formatMessage({ id: 'notifications.settings.saved' }),
      });
    } catch (error) {
      const problem = toProblem(error);
      setErrors(Object.fromEntries((problem.errors ?? []).map((e) => [e.path, e.message])));
      toast({ tone: 'error', message: problemMessage(problem) });
    }
  };

  return (
    <form onSubmit={(e) => void onSubmit(e)} aria-label={intl.formatMessage({ id: 'notifications.settings.form' })}>
      <Panel title={intl.formatMessage({ id: 'notifications.settings.sending' })}>
        <label className="checkbox-field">
          <input
            type="checkbox"
            checked={draft.enabled}
            disabled={!editable}
            onChange={(e) => set({ enabled: e.target.checked })}
          />{' '}
          <Message id="notifications.settings.enabled" />
        </label>
        {!settings.channels.email && (
          <p>
            <Message id="notifications.settings.noEmail" values={{ setting: 'SMTP_URL' }} />
          </p>
        )}
        {!settings.channels.sms && (
          <p>
            <Message id="notifications.settings.noSms" values={{ setting: 'SMS_*' }} />
          </p>
        )}
        {field(
          'fromAddress',
          {
            label: intl.formatMessage({ id: 'notifications.settings.fromAddress' }),
            optional: true,
            type: 'email',
          },
          orNull,
        )}
        {field(
          'replyTo',
          {
            label: intl.formatMessage({ id: 'notifications.settings.replyTo' }),
            optional: true,
            type: 'email',
          },
          orNull,
        )}
        {field(
          'companyPhone',
          {
            label: intl.formatMessage({ id: 'notifications.settings.companyPhone' }),
            hint: intl.formatMessage(
              { id: 'notifications.settings.companyPhoneHint' },
              { placeholder: '{companyPhone}' },
            ),
          },
          asText,
        )}
        {field(
          'reminderDaysBefore',
          {
            label: intl.formatMessage({ id: 'notifications.settings.reminderDays' }),
            type: 'number',
            min: 0,
            max: 14,
          },
          Number,
        )}
        <TimeField
          label={intl.formatMessage({ id: 'notifications.settings.reminderTime' })}
          stepMinutes={15}
          value={draft.reminderTime ?? ''}
          disabled={!editable}
          error={errors.reminderTime}
          onChange={(reminderTime) => set({ reminderTime })}
        />
        {field(
          'moveThresholdMinutes',
          {
            label: intl.formatMessage({ id: 'notifications.settings.moveThreshold' }),
            type: 'number',
            min: 0,
          },
          Number,
        )}
      </Panel>
      <Panel
        title={intl.formatMessage({ id: 'notifications.settings.templates' })}
        description={intl.formatMessage(
          { id: 'notifications.settings.placeholders' },
          { list: notificationPlaceholders.map((n) => `{${n}}`).join(' ') },
        )}
      >
        {draft.templates.map((t, i) => (
          <fieldset key={t.kind} className="notification-template">
            <legend>
              <Message {...kindLabel[t.kind]} />
            </legend>
            <label className="checkbox-field">
              <input
                type="checkbox"
                checked={t.enabled}
                disabled={!editable}
                onChange={(e) => setTemplate(i, { enabled: e.target.checked })}
              />{' '}
              <Message id="notifications.settings.sendThis" />
            </label>
            <TextField
              label={intl.formatMessage({ id: 'notifications.settings.subject' })}
              {...templateText(i, 'subject')}
            />
            <TextArea
              label={intl.formatMessage({ id: 'notifications.settings.body' })}
              rows={6}
              {...templateText(i, 'body')}
            />
            <TextArea
              label={intl.formatMessage({ id: 'notifications.settings.sms' })}
              rows={2}
              {...templateText(i, 'sms')}
            />
            <figure
              className="notification-preview"
              aria-label={intl.formatMessage(
                { id: 'notifications.settings.preview' },
                { kind: intl.formatMessage(kindLabel[t.kind]) },
              )}
            >
              <strong>{preview(t.subject)}</strong>
              {'\n\n'}
              {preview(t.body)}
            </figure>
          </fieldset>
        ))}
      </Panel>
      {editable && (
        <Button type="submit" variant="primary" loading={isLoading}>
          <Message id="notifications.settings.save" />
        </Button>
      )}
    </form>
  );
}
