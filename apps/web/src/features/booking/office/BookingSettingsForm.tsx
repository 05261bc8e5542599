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
import { problemMessage, toProblem } from '../../../lib/problem';
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
  const set = (patch: Partial<BookingSettingsInput>) => setDraft((d) => ({ ...d, ...patch }));
  const setNumber = (key: NumberKey) => (e: { target: { value: string } }) =>
    set({ [key]: e.target.value === '' ? Number.NaN : Number(e.target.value) });

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = bookingSettingsInputSchema.safeParse(draft);
    if (!checked.success) {
      setErrors(Object.fromEntries(checked.error.issues.map((i) => [String(i.path[0]), i.message])));
      return;
    }
    try {
      await save({ workspaceId, version: settings.version, body: checked.data }).unwrap();
      setErrors({});
      setStale(false);
      toast({ tone: 'success', message: 'Booking settings saved' });
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
    <form onSubmit={(e) => void onSubmit(e)} aria-label="Booking settings">
      <Panel title="Booking page">
        <div className="booking-settings">
          {check('enabled', 'Take bookings online', 'Off: the public page says booking isn’t available.')}
          {check(
            'autoConfirm',
            'Confirm requests automatically',
            'Off: each request waits in Requests for a dispatcher.',
          )}
          <div className="booking-grid">
            {num(
              'holdHours',
              'Hold a requested time for (hours)',
              'Undecided requests expire after this.',
              bookingLimits.holdHoursMin,
              bookingLimits.holdHoursMax,
            )}
            {num(
              'pendingCap',
              'Most requests waiting at once',
              'More are turned away until some are decided.',
              bookingLimits.pendingCapMin,
              bookingLimits.pendingCapMax,
            )}
            {num(
              'horizonDays',
              'Bookable days ahead',
              'How far ahead customers may book.',
              bookingLimits.horizonDaysMin,
              bookingLimits.horizonDaysMax,
            )}
            {num(
              'minNoticeHours',
              'Minimum notice (hours)',
              'The earliest time offered is this far from now.',
              0,
              bookingLimits.minNoticeHoursMax,
            )}
          </div>
          <TextArea
            label="Introduction"
            optional
            rows={3}
            hint={`Shown at the top of the booking page, as plain text (at most ${bookingLimits.introMax} characters).`}
            value={draft.intro}
            disabled={!editable}
            error={errors.intro}
            onChange={(e) => set({ intro: e.target.value })}
          />
          {stale && (
            <Alert title="Someone else saved these settings meanwhile">
              <p>Your changes are still here but were not saved.</p>
              <Button
                size="sm"
                onClick={() => {
                  setStale(false);
                  onReload();
                }}
              >
                Load their version
              </Button>
            </Alert>
          )}
          {editable && (
            <div className="booking-actions">
              <Button type="submit" variant="primary" loading={isLoading}>
                Save
              </Button>
            </div>
          )}
        </div>
      </Panel>
    </form>
  );
}
