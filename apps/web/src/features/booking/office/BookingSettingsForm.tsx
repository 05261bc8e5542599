import {
  type BookingSettings,
  type BookingSettingsInput,
  bookingLimits,
  bookingSettingsInputSchema,
} from '@fieldplan/shared';
import { type FormEvent, useState } from 'react';
import { Alert } from '../../../components/Alert';
import { Button } from '../../../components/Button';
import { Panel } from '../../../components/Panel';
import { TextArea } from '../../../components/TextArea';
import { TextField } from '../../../components/TextField';
import { useToast } from '../../../components/use-toast';
import { useWorkspace } from '../../../entities/workspace/use-workspace';
import { Message, useIntl } from '../../../lib/i18n';
import { problemMessage, toProblem } from '../../../lib/problem';
import { issueInLanguage } from '../../../lib/shared-schema-resolver';
import { useSaveBookingSettingsMutation } from './endpoints';

const draftOf = (s: BookingSettings): BookingSettingsInput => ({
  enabled: s.enabled,
  autoConfirm: s.autoConfirm,
  holdHours: s.holdHours,
  pendingCap: s.pendingCap,
  horizonDays: s.horizonDays,
  minNoticeHours: s.minNoticeHours,
  intro: s.intro,
});

type NumberKey = 'holdHours' | 'pendingCap' | 'horizonDays' | 'minNoticeHours';

/**
 * The workspace's booking rules. Saved with If-Match; a 412 (someone saved meanwhile) keeps the
 * edits on screen and offers their version (`onReload`) instead of overwriting it.
 */
export function BookingSettingsForm({
  settings,
  editable,
  onReload,
}: {
  settings: BookingSettings;
  editable: boolean;
  onReload: () => void;
}) {
  const { workspaceId } = useWorkspace();
  const [draft, setDraft] = useState(() => draftOf(settings));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [stale, setStale] = useState(false);
  const [save, { isLoading }] = useSaveBookingSettingsMutation();
  const toast = useToast();
  const intl = useIntl();
  const set = (patch: Partial<BookingSettingsInput>) => setDraft((d) => ({ ...d, ...patch }));
  const setNumber = (key: NumberKey) => (e: { target: { value: string } }) =>
    set({ [key]: e.target.value === '' ? Number.NaN : Number(e.target.value) });

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = bookingSettingsInputSchema.safeParse(draft);
    if (!checked.success) {
      setErrors(Object.fromEntries(checked.error.issues.map((i) => [String(i.path[0]), issueInLanguage(i)])));
      return;
    }
    try {
      await save({ workspaceId, version: settings.version, body: checked.data }).unwrap();
      setErrors({});
      setStale(false);
      toast({
        tone: 'success',
        message: intl.formatMessage({ id: 'booking.settings.saved' }),
      });
    } catch (error) {
      const problem = toProblem(error);
      if (problem.status === 412) {
        setStale(true);
        return;
      }
      setErrors(Object.fromEntries((problem.errors ?? []).map((e) => [e.path, e.message])));
      toast({ tone: 'error', message: problemMessage(problem) });
    }
  };

  const num = (key: NumberKey, label: string, hint: string, min: number, max: number) => (
    <TextField
      label={label}
      hint={hint}
      type="number"
      inputMode="numeric"
      min={min}
      max={max}
      value={Number.isNaN(draft[key]) ? '' : draft[key]}
      disabled={!editable}
      error={errors[key]}
      onChange={setNumber(key)}
    />
  );

  const check = (key: 'enabled' | 'autoConfirm', title: string, off: string) => (
    <label className="booking-check">
      <input
        type="checkbox"
        checked={draft[key]}
        disabled={!editable}
        onChange={(e) => set({ [key]: e.target.checked })}
      />
      <span>
        <strong>{title}</strong>
        <span className="booking-muted">{off}</span>
      </span>
    </label>
  );

  return (
    <form onSubmit={(e) => void onSubmit(e)} aria-label={intl.formatMessage({ id: 'booking.settings.title' })}>
      <Panel title={<Message id="booking.settings.page" />}>
        <div className="booking-settings">
          {check(
            'enabled',
            intl.formatMessage({ id: 'booking.settings.enabled' }),
            intl.formatMessage({ id: 'booking.settings.enabledOff' }),
          )}
          {check(
            'autoConfirm',
            intl.formatMessage({ id: 'booking.settings.autoConfirm' }),
            intl.formatMessage({ id: 'booking.settings.autoConfirmOff' }),
          )}
          <div className="booking-grid">
            {num(
              'holdHours',
              intl.formatMessage({ id: 'booking.settings.holdHours' }),
              intl.formatMessage({ id: 'booking.settings.holdHoursHint' }),
              bookingLimits.holdHoursMin,
              bookingLimits.holdHoursMax,
            )}
            {num(
              'pendingCap',
              intl.formatMessage({ id: 'booking.settings.pendingCap' }),
              intl.formatMessage({ id: 'booking.settings.pendingCapHint' }),
              bookingLimits.pendingCapMin,
              bookingLimits.pendingCapMax,
            )}
            {num(
              'horizonDays',
              intl.formatMessage({ id: 'booking.settings.horizonDays' }),
              intl.formatMessage({ id: 'booking.settings.horizonDaysHint' }),
              bookingLimits.horizonDaysMin,
              bookingLimits.horizonDaysMax,
            )}
            {num(
              'minNoticeHours',
              intl.formatMessage({ id: 'booking.settings.minNoticeHours' }),
              intl.formatMessage({ id: 'booking.settings.minNoticeHoursHint' }),
              0,
              bookingLimits.minNoticeHoursMax,
            )}
          </div>
          <TextArea
            label={intl.formatMessage({ id: 'booking.settings.intro' })}
            optional
            rows={3}
            hint={intl.formatMessage({ id: 'booking.settings.introHint' }, { max: String(bookingLimits.introMax) })}
            value={draft.intro}
            disabled={!editable}
            error={errors.intro}
            onChange={(e) => set({ intro: e.target.value })}
          />
          {stale && (
            <Alert title={intl.formatMessage({ id: 'booking.settings.stale' })}>
              <p>
                <Message id="booking.settings.staleHint" />
              </p>
              <Button
                size="sm"
                onClick={() => {
                  setStale(false);
                  onReload();
                }}
              >
                <Message id="booking.settings.loadTheirs" />
              </Button>
            </Alert>
          )}
          {editable && (
            <div className="booking-actions">
              <Button type="submit" variant="primary" loading={isLoading}>
                <Message id="booking.settings.save" />
              </Button>
            </div>
          )}
        </div>
      </Panel>
    </form>
  );
}
