import type { NotificationKind, NotificationStatus } from '@fieldplan/shared';
import type { BadgeTone } from '../../components/Badge';

export const kindLabel: Record<NotificationKind, string> = {
  booking_requested: 'Booking request received',
  booking_confirmed: 'Booking confirmed',
  booking_declined: 'Booking request declined',
  reminder: 'Reminder',
  on_my_way: 'On my way',
  visit_completed: 'Visit completed',
};

export const statusLabel: Record<NotificationStatus, { text: string; tone: BadgeTone }> = {
  pending: { text: 'Waiting', tone: 'neutral' },
  sending: { text: 'Sending', tone: 'accent' },
  sent: { text: 'Sent', tone: 'success' },
  dead: { text: 'Failed', tone: 'danger' },
  cancelled: { text: 'Cancelled', tone: 'neutral' },
  skipped: { text: 'Not sent', tone: 'warning' },
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
