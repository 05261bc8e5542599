import { type BookingRequest, bookingLimits } from '@fieldplan/shared';
import { useState } from 'react';
import { Button } from '../../../components/Button';
import { Dialog } from '../../../components/Dialog';
import { TextArea } from '../../../components/TextArea';

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
  return (
    <Dialog
      open
      onClose={onCancel}
      title={`Decline ${request.name}’s request?`}
      description="The time is freed and the customer gets an email saying sorry."
      footer={
        <>
          <Button onClick={onCancel} data-autofocus>
            Cancel
          </Button>
          <Button variant="danger" loading={busy} onClick={() => onDecline(reason.trim())}>
            Decline
          </Button>
        </>
      }
    >
      <TextArea
        label="Reason"
        optional
        hint="For the office only: not sent to the customer."
        rows={3}
        maxLength={bookingLimits.declineReasonMax}
        value={reason}
        onChange={(e) => setReason(e.target.value)}
      />
    </Dialog>
  );
}
