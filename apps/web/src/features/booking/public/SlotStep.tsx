import type { PublicSlot } from '@fieldplan/shared';
import { useEffect, useState } from 'react';
import { Button } from '../../../components/Button';
import { Loading, Skeleton } from '../../../components/Skeleton';
import { Message, useIntl } from '../../../lib/i18n';
import { dayAfter, slotsByDay, timeText } from './format';
import { type BookingProblem, findSlots, messageOf } from './public-api';

interface SlotStepProps {
  slug: string;
  serviceId: string;
  lat: number;
  lng: number;
  timeZone: string;
  phone: string | null;
  /** Slots handed in from elsewhere (a 409's fresh suggestions): shown instead of asking. */
  given: PublicSlot[] | null;
  onChoose: (slot: PublicSlot) => void;
  onChangeAddress: () => void;
}

type State =
  | { kind: 'loading' }
  | { kind: 'ready'; slots: PublicSlot[]; from: string | null }
  | { kind: 'failed'; problem: BookingProblem };

/** The suggested times for the service at the address, grouped by day; later weeks on request. */
export function SlotStep(props: SlotStepProps) {
  const { slug, serviceId, lat, lng, timeZone, phone, given, onChoose, onChangeAddress } = props;
  const intl = useIntl();
  const [from, setFrom] = useState<string | undefined>(undefined);
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<State>(given ? { kind: 'ready', slots: given, from: null } : { kind: 'loading' });

  useEffect(() => {
    if (given && from === undefined && attempt === 0) {
      setState({ kind: 'ready', slots: given, from: null });
      return;
    }
    const controller = new AbortController();
    setState({ kind: 'loading' });
    findSlots(slug, { serviceId, lat, lng, ...(from && { from }) }, controller.signal)
      .then((answer) => {
        if (controller.signal.aborted) return;
        setState(
          answer.ok
            ? { kind: 'ready', slots: answer.data.slots, from: from ?? null }
            : { kind: 'failed', problem: answer.problem },
        );
      })
      .catch(() => undefined);
    return () => controller.abort();
  }, [slug, serviceId, lat, lng, from, given, attempt]);

  if (state.kind === 'loading') {
    return (
      <Loading label={intl.formatMessage({ id: 'booking.slots.finding' })}>
        <p className="book-muted">
          <Message id="booking.slots.finding" />
        </p>
        <div className="book-slot-skeleton">
          {[0, 1, 2].map((i) => (
            <div key={i} className="book-day">
              <Skeleton width={160} height={14} />
              <div className="book-slots">
                {[0, 1, 2, 3].map((j) => (
                  <Skeleton key={j} height={44} />
                ))}
              </div>
            </div>
          ))}
        </div>
      </Loading>
    );
  }

  if (state.kind === 'failed') {
    const outside = state.problem.errors?.some((e) => e.path === 'address');
    return (
      <div className="book-message" role="alert">
        <p className="book-message-title">
          {outside ? <Message id="booking.slots.outside" /> : <Message id="booking.slots.failed" />}
        </p>
        <p>
          {outside ? (
            phone ? (
              <Message id="booking.slots.outsideCall" values={{ phone }} />
            ) : (
              <Message id="booking.slots.outsideContact" />
            )
          ) : (
            messageOf(state.problem)
          )}
        </p>
        <div className="book-actions">
          <Button onClick={onChangeAddress}>
            <Message id="booking.slots.changeAddress" />
          </Button>
          {!outside && (
            <Button onClick={() => setAttempt((n) => n + 1)}>
              <Message id="booking.slots.retry" />
            </Button>
          )}
        </div>
      </div>
    );
  }

  const days = slotsByDay(state.slots, timeZone);
  const last = state.slots.at(-1);
  return (
    <div className="book-slot-list">
      {days.length === 0 ? (
        <div className="book-message">
          <p className="book-message-title">
            {state.from ? <Message id="booking.slots.noneThatWeek" /> : <Message id="booking.slots.noneSoon" />}
          </p>
          <p>
            {phone ? (
              <Message id="booking.slots.noneCall" values={{ phone }} />
            ) : (
              <Message id="booking.slots.noneContact" />
            )}
          </p>
        </div>
      ) : (
        days.map(([day, slots]) => (
          <fieldset key={day} className="book-day">
            <legend className="book-day-title">{day}</legend>
            <div className="book-slots">
              {slots.map((slot) => (
                <button key={slot.token} type="button" className="book-slot" onClick={() => onChoose(slot)}>
                  <span className="book-slot-time">{timeText(slot.start, timeZone)}</span>
                  {slot.with && (
                    <span className="book-slot-with">
                      <Message id="booking.slots.with" values={{ name: slot.with }} />
                    </span>
                  )}
                </button>
              ))}
            </div>
          </fieldset>
        ))
      )}
      <div className="book-actions">
        <Button
          icon="chevronRight"
          onClick={() => setFrom(last ? dayAfter(last.start, timeZone) : nextWeek(state.from, timeZone))}
        >
          <Message id="booking.slots.later" />
        </Button>
        {state.from && (
          <Button onClick={() => setFrom(undefined)}>
            <Message id="booking.slots.earliest" />
          </Button>
        )}
      </div>
    </div>
  );
}

/** A week after `from` (or today), as the next search's first day. */
function nextWeek(from: string | null, timeZone: string): string {
  const start = from ? Date.parse(`${from}T12:00:00Z`) : Date.now();
  return dayAfter(new Date(start + 6 * 86_400_000).toISOString(), timeZone);
}
