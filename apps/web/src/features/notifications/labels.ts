import type { NotificationKind, NotificationStatus } from '@fieldplan/shared';
import { defineMessage, defineMessages, type MessageDescriptor } from 'react-intl';
import type { BadgeTone } from '../../components/Badge';

export const kindLabel: Record<NotificationKind, MessageDescriptor> = defineMessages({
  booking_requested: { id: 'notifications.kind.bookingRequested' },
  booking_confirmed: { id: 'notifications.kind.bookingConfirmed' },
  booking_declined: { id: 'notifications.kind.bookingDeclined' },
  reminder: { id: 'notifications.kind.reminder' },
  on_my_way: { id: 'notifications.kind.onMyWay' },
  visit_completed: { id: 'notifications.kind.visitCompleted' },
});

export const statusLabel: Record<NotificationStatus, { text: MessageDescriptor; tone: BadgeTone }> = {
  pending: { text: defineMessage({ id: 'notifications.status.pending' }), tone: 'neutral' },
  sending: { text: defineMessage({ id: 'notifications.status.sending' }), tone: 'accent' },
  sent: { text: defineMessage({ id: 'notifications.status.sent' }), tone: 'success' },
  dead: { text: defineMessage({ id: 'notifications.status.dead' }), tone: 'danger' },
  cancelled: {
    text: defineMessage({ id: 'notifications.status.cancelled' }),
    tone: 'neutral',
  },
  skipped: { text: defineMessage({ id: 'notifications.status.skipped' }), tone: 'warning' },
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
