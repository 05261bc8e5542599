import type { NotificationKind, NotificationStatus } from '@fieldplan/shared';
import { defineMessage, defineMessages, type MessageDescriptor } from 'react-intl';
import type { BadgeTone } from '../../components/Badge';

export const kindLabel: Record<NotificationKind, MessageDescriptor> = defineMessages({
  booking_requested: { id: 'notifications.kind.bookingRequested', defaultMessage: 'Booking request received' },
  booking_confirmed: { id: 'notifications.kind.bookingConfirmed', defaultMessage: 'Booking confirmed' },
  booking_declined: { id: 'notifications.kind.bookingDeclined', defaultMessage: 'Booking request declined' },
  reminder: { id: 'notifications.kind.reminder', defaultMessage: 'Reminder' },
  on_my_way: { id: 'notifications.kind.onMyWay', defaultMessage: 'On my way' },
  visit_completed: { id: 'notifications.kind.visitCompleted', defaultMessage: 'Visit completed' },
});

export const statusLabel: Record<NotificationStatus, { text: MessageDescriptor; tone: BadgeTone }> = {
  pending: { text: defineMessage({ id: 'notifications.status.pending', defaultMessage: 'Waiting' }), tone: 'neutral' },
  sending: { text: defineMessage({ id: 'notifications.status.sending', defaultMessage: 'Sending' }), tone: 'accent' },
  sent: { text: defineMessage({ id: 'notifications.status.sent', defaultMessage: 'Sent' }), tone: 'success' },
  dead: { text: defineMessage({ id: 'notifications.status.dead', defaultMessage: 'Failed' }), tone: 'danger' },
  cancelled: {
    text: defineMessage({ id: 'notifications.status.cancelled', defaultMessage: 'Cancelled' }),
    tone: 'neutral',
  },
  skipped: { text: defineMessage({ id: 'notifications.status.skipped', defaultMessage: 'Not sent' }), tone: 'warning' },
};

/** Sample values for the template preview (the real ones are filled in when a message is sent). */
export const sampleValues: Record<string, string> = {
  customer: 'Anna Schmidt',
  window: 'Thursday, 26 November 2026, 09:00–11:00',
  technician: 'Tim Tech',
  company: 'Demo Plumbing',
  companyPhone: '+49 30 1234567',
  trackingLink: 'https://example.com/track/…',
  reportLink: 'https://example.com/api/v1/visit-report/…',
};

/** A template with the sample values in place of its placeholders (plain text: React escapes it). */
export function preview(text: string, values: Record<string, string> = sampleValues): string {
  return text.replace(/\{([A-Za-z]+)\}/g, (whole, name: string) => values[name] ?? whole);
}
