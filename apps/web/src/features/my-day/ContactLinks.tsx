import type { MyDayVisit } from '@fieldplan/shared';
import { Icon } from '../../components/Icon';
import { Message, useIntl } from '../../lib/i18n';
import { directionsUrl, phoneLink } from './day';

/**
 * Call, Message and Directions: links the phone hands to its dialer, messages and maps apps. Each
 * says whom or where (for a screen reader), and is left out when there is no number or no place.
 */
export function ContactLinks({
  visit,
}: {
  visit: Pick<MyDayVisit, 'customerName' | 'customerPhone' | 'lat' | 'lng' | 'address'>;
}) {
  const intl = useIntl();
  const call = phoneLink('tel', visit.customerPhone);
  const message = phoneLink('sms', visit.customerPhone);
  const directions = directionsUrl(visit);
  if (!call && !directions) return null;
  const name = visit.customerName;
  return (
    <div className="myday-contact">
      {call && (
        <a
          className="myday-link"
          href={call}
          aria-label={
            name === null
              ? intl.formatMessage({ id: 'myDay.contact.callCustomer' })
              : intl.formatMessage({ id: 'myDay.contact.callName' }, { name })
          }
        >
          <Icon name="phone" size={18} />
          <Message id="myDay.contact.call" />
        </a>
      )}
      {message && (
        <a
          className="myday-link"
          href={message}
          aria-label={
            name === null
              ? intl.formatMessage({ id: 'myDay.contact.messageCustomer' })
              : intl.formatMessage({ id: 'myDay.contact.messageName' }, { name })
          }
        >
          <Icon name="message" size={18} />
          <Message id="myDay.contact.message" />
        </a>
      )}
      {directions && (
        <a className="myday-link" href={directions} target="_blank" rel="noopener noreferrer">
          <Icon name="map" size={18} />
          <Message id="myDay.contact.directions" />
        </a>
      )}
    </div>
  );
}
