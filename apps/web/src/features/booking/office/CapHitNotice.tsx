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
    <Alert tone="info" title={intl.formatMessage({ id: 'booking.capHit.title' })}>
      <Message id="booking.capHit.last" values={{ when, scope: capHit.scope }} />{' '}
      {capHit.scope === 'workspace' ? (
        <Message
          id="booking.capHit.raise"
          values={{ link: (chunks) => <Link to={`/w/${slug}/settings/booking`}>{chunks}</Link> }}
        />
      ) : (
        <Message id="booking.capHit.spam" />
      )}
    </Alert>
  );
}
