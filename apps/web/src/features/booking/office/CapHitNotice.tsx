import { type BookingRequestList, formatDayWithYear, formatTime } from '@fieldplan/shared';
import { Link } from 'react-router';
import { Alert } from '../../../components/Alert';
import { clockIn } from '../../../lib/clock';

type CapHit = NonNullable<BookingRequestList['capHit']>;

const what: Record<CapHit['scope'], string> = {
  workspace: 'as many requests are waiting as you take at once',
  network: 'one network (one household, office or provider) has its share of requests waiting',
  address: 'one connection has its share of requests waiting',
};

/**
 * Says that the booking page turned requests away at a pending cap (docs/PRODUCT.md, "Online booking"):
 * a refusal leaves no request to see, and one sender can otherwise keep customers out unnoticed.
 */
export function CapHitNotice({ capHit, timeZone, slug }: { capHit: CapHit; timeZone: string; slug: string }) {
  const clock = clockIn(timeZone);
  const when = `${formatDayWithYear(capHit.at, clock)}, ${formatTime(capHit.at, clock)}`;
  return (
    <Alert tone="info" title="The booking page turned requests away">
      Last at {when}: {what[capHit.scope]}.{' '}
      {capHit.scope === 'workspace' ? (
        <>
          Decide some requests, or raise the pending cap in{' '}
          <Link to={`/w/${slug}/settings/booking`}>Booking settings</Link>.
        </>
      ) : (
        'Requests you don’t recognise may be spam: declining them frees their times.'
      )}
    </Alert>
  );
}
