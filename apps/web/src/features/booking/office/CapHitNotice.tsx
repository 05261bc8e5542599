import { type BookingRequestList, formatDayWithYear, formatTime } from '@fieldplan/shared';
import { Link } from 'react-router';
import { Alert } from '../../../components/Alert';
import { clockIn } from '../../../lib/clock';
import { Message, useIntl } from '../../../lib/i18n';

type CapHit = NonNullable<BookingRequestList['capHit']>;

/**
 * Says that the booking page turned requests away at a pending cap (docs/PRODUCT.md, "Online booking"):
 * a refusal leaves no request to see, and one sender can otherwise keep customers out unnoticed.
 */
export function CapHitNotice({ capHit, timeZone, slug }: { capHit: CapHit; timeZone: string; slug: string }) {
  const clock = clockIn(timeZone);
  const when = `${formatDayWithYear(capHit.at, clock)}, ${formatTime(capHit.at, clock)}`;
  const intl = useIntl();
  return (
    <Alert
      tone="info"
      title={intl.formatMessage({
        id: 'booking.capHit.title',
        defaultMessage: 'The booking page turned requests away',
      })}
    >
      <Message
        id="booking.capHit.last"
        defaultMessage="Last at {when}: {scope, select, workspace {as many requests are waiting as you take at once} network {one network (one household, office or provider) has its share of requests waiting} other {one connection has its share of requests waiting}}."
        values={{ when, scope: capHit.scope }}
      />{' '}
      {capHit.scope === 'workspace' ? (
        <Message
          id="booking.capHit.raise"
          defaultMessage="Decide some requests, or raise the pending cap in <link>Booking settings</link>."
          values={{ link: (chunks) => <Link to={`/w/${slug}/settings/booking`}>{chunks}</Link> }}
        />
      ) : (
        <Message
          id="booking.capHit.spam"
          defaultMessage="Requests you don’t recognise may be spam: declining them frees their times."
        />
      )}
    </Alert>
  );
}
