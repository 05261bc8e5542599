import { type BookingRequest, bookingLimits } from '@fieldplan/shared';
import { useState } from 'react';
import { Button } from '../../../components/Button';
import { Dialog } from '../../../components/Dialog';
import { TextArea } from '../../../components/TextArea';
import { Message, useIntl } from '../../../lib/i18n';

/** Declining frees the time and emails the customer a polite no; the reason stays in the office. */
export function DeclineDialog({
  request,
  busy,
  onCancel,
  onDecline,
}: {
  request: BookingRequest;
  busy: boolean;
  onCancel: () => void;
  onDecline: (reason: string) => void;
}) {
  const [reason, setReason] = useState('');
  const intl = useIntl();
  return (
    <Dialog
      open
      onClose={onCancel}
      title={<Message id="booking.decline.title" values={{ name: request.name }} />}
      description={<Message id="booking.decline.description" />}
      footer={
        <>
          <Button onClick={onCancel} data-autofocus>
            <Message id="booking.decline.cancel" />
          </Button>
          <Button variant="danger" loading={busy} onClick={() => onDecline(reason.trim())}>
            <Message id="booking.decline.confirm" />
          </Button>
        </>
      }
    >
      <TextArea
        label={intl.formatMessage({ id: 'booking.decline.reason' })}
        optional
        hint={intl.formatMessage({ id: 'booking.decline.reasonHint' })}
        rows={3}
        maxLength={bookingLimits.declineReasonMax}
        value={reason}
        onChange={(e) => setReason(e.target.value)}
      />
    </Dialog>
  );
}
