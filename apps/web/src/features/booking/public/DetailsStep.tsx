import { isLocale, type PublicBookingResult, type PublicSlot, publicBookingSubmitSchema } from '@fieldplan/shared';
import { type FormEvent, useState } from 'react';
import { Alert } from '../../../components/Alert';
import { Button } from '../../../components/Button';
import { TextArea } from '../../../components/TextArea';
import { TextField } from '../../../components/TextField';
import { currentLocale, Message, useIntl } from '../../../lib/i18n';
import { issueInLanguage } from '../../../lib/shared-schema-resolver';
import type { ChosenPlace } from './AddressStep';
import { type BookingProblem, messageOf, newChallenge, submitRequest } from './public-api';
import { solveChallenge } from './solve-challenge';

const fieldNames = ['name', 'email', 'phone', 'notes'] as const;
type FieldName = (typeof fieldNames)[number];
/** What the customer typed; kept by the page so a taken time doesn't make them type it again. */
export type Details = Record<FieldName | 'website', string>;
export const noDetails: Details = { name: '', email: '', phone: '', notes: '', website: '' };

interface DetailsStepProps {
  slug: string;
  values: Details;
  onValues: (change: (values: Details) => Details) => void;
  serviceId: string;
  place: ChosenPlace;
  slot: PublicSlot;
  onBooked: (result: PublicBookingResult) => void;
  /** 409: the slot was taken (fresh ones given); or its offer expired (null: search again). */
  onSlotTaken: (slots: PublicSlot[] | null) => void;
  /** A 400 about the address (outside the area): back to the address step. */
  onAddressProblem: (message: string) => void;
}

type Phase = { kind: 'editing' } | { kind: 'checking'; progress: number } | { kind: 'sending' };

/**
 * Who the visit is for, then the request: a proof of work solved in a worker first (docs/adr/0030),
 * shown as progress, then the submit. The `website` field is a honeypot people never see.
 */
export function DetailsStep(props: DetailsStepProps) {
  const { slug, values, onValues, serviceId, place, slot, onBooked, onSlotTaken, onAddressProblem } = props;
  const intl = useIntl();
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
  const [phase, setPhase] = useState<Phase>({ kind: 'editing' });
  const [failure, setFailure] = useState<string | null>(null);

  const set = (name: FieldName | 'website') => (e: { target: { value: string } }) =>
    onValues((v) => ({ ...v, [name]: e.target.value }));

  const fail = (problem: BookingProblem) => {
    setPhase({ kind: 'editing' });
    if (problem.code === 'slot_taken') return onSlotTaken(problem.slots ?? []);
    const byField: Partial<Record<FieldName, string>> = {};
    for (const error of problem.errors ?? []) {
      if (error.path === 'address' || error.path === 'lat' || error.path === 'lng')
        return onAddressProblem(error.message);
      // An offer signed a while ago ran out: the times are searched again.
      if (error.path === 'slotToken') return onSlotTaken(null);
      if ((fieldNames as readonly string[]).includes(error.path)) byField[error.path as FieldName] ??= error.message;
    }
    setErrors(byField);
    setFailure(Object.keys(byField).length > 0 ? null : messageOf(problem));
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setFailure(null);
    const body = {
      slotToken: slot.token,
      serviceId,
      name: values.name,
      email: values.email,
      phone: values.phone,
      address: place.address,
      lat: place.lat,
      lng: place.lng,
      notes: values.notes || undefined,
      website: values.website,
      // The language the customer booked in: the business writes to them in it.
      ...(isLocale(currentLocale()) && { language: currentLocale() }),
      challenge: 'pending',
      nonce: 'pending',
    };
    // The same schema as the server's, so a typo is named before any work is done.
    const checked = publicBookingSubmitSchema.safeParse(body);
    if (!checked.success) {
      const byField: Partial<Record<FieldName, string>> = {};
      for (const issue of checked.error.issues) {
        const key = String(issue.path[0] ?? '');
        if ((fieldNames as readonly string[]).includes(key)) byField[key as FieldName] ??= issueInLanguage(issue);
      }
      setErrors(byField);
      return;
    }
    setErrors({});
    // A challenge expires after a while (the page left open): one fresh one is tried before giving up.
    for (let attempt = 0; attempt < 2; attempt += 1) {
      setPhase({ kind: 'checking', progress: 0 });
      const challenge = await newChallenge(slug);
      if (!challenge.ok) return fail(challenge.problem);
      let nonce: string;
      try {
        nonce = await solveChallenge(challenge.data.challenge, challenge.data.difficulty, (progress) =>
          setPhase({ kind: 'checking', progress }),
        );
      } catch {
        setPhase({ kind: 'editing' });
        setFailure(intl.formatMessage({ id: 'booking.details.checkFailed' }));
        return;
      }
      setPhase({ kind: 'sending' });
      const answer = await submitRequest(slug, { ...checked.data, challenge: challenge.data.challenge, nonce });
      if (answer.ok) return onBooked(answer.data);
      const stale = answer.problem.errors?.some((error) => error.path === 'challenge');
      if (!stale || attempt === 1) return fail(answer.problem);
    }
  };

  const busy = phase.kind !== 'editing';
  return (
    <form
      className="book-form"
      onSubmit={(e) => void submit(e)}
      noValidate
      aria-label={intl.formatMessage({ id: 'booking.details.label' })}
    >
      <TextField
        label={intl.formatMessage({ id: 'booking.details.name' })}
        autoComplete="name"
        value={values.name}
        onChange={set('name')}
        error={errors.name}
      />
      <TextField
        label={intl.formatMessage({ id: 'booking.details.email' })}
        type="email"
        autoComplete="email"
        value={values.email}
        onChange={set('email')}
        error={errors.email}
        hint={intl.formatMessage({ id: 'booking.details.emailHint' })}
      />
      <TextField
        label={intl.formatMessage({ id: 'booking.details.phone' })}
        type="tel"
        autoComplete="tel"
        optional
        value={values.phone}
        onChange={set('phone')}
        error={errors.phone}
      />
      <TextArea
        label={intl.formatMessage({ id: 'booking.details.notes' })}
        optional
        rows={3}
        value={values.notes}
        onChange={set('notes')}
        error={errors.notes}
        hint={intl.formatMessage({ id: 'booking.details.notesHint' })}
      />
      {/* Honeypot: people never see or reach it; form-filling bots do (docs/adr/0030). */}
      <div className="book-trap" aria-hidden="true">
        <label htmlFor="book-website">
          <Message id="booking.details.website" />
        </label>
        <input
          id="book-website"
          name="website"
          type="text"
          tabIndex={-1}
          autoComplete="off"
          value={values.website}
          onChange={set('website')}
        />
      </div>
      {failure && <Alert>{failure}</Alert>}
      {phase.kind === 'checking' && (
        <div className="book-progress">
          <label htmlFor="book-check">
            <Message id="booking.details.checking" />
          </label>
          <progress id="book-check" max={1} value={phase.progress} />
        </div>
      )}
      <div className="book-actions">
        <Button type="submit" variant="primary" loading={busy}>
          {phase.kind === 'sending' ? (
            <Message id="booking.details.sending" />
          ) : (
            <Message id="booking.details.submit" />
          )}
        </Button>
      </div>
    </form>
  );
}
