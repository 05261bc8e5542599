import type { NotificationKind, NotificationTemplate } from '@fieldplan/shared';

/** The built-in text of each kind, used until a workspace saves its own (docs/PRODUCT.md, "Customer notifications"). */
export const defaultTemplates: Record<NotificationKind, NotificationTemplate> = {
  booking_requested: {
    kind: 'booking_requested',
    enabled: true,
    subject: '{company} received your booking request: {window}',
    body: 'Hello {customer},\n\nthank you: we received your request for a visit {window}. We will confirm it shortly.\n\nQuestions? Call us at {companyPhone}.\n\n{company}',
    sms: '{company}: we received your request for {window} and will confirm it shortly.',
  },
  booking_confirmed: {
    kind: 'booking_confirmed',
    enabled: true,
    subject: 'Your visit from {company} is booked: {window}',
    body: 'Hello {customer},\n\nyour visit is booked for {window}.\n\nQuestions? Call us at {companyPhone}.\n\n{company}',
    sms: '{company}: your visit is booked for {window}. Questions? {companyPhone}',
  },
  booking_declined: {
    kind: 'booking_declined',
    enabled: true,
    subject: '{company} cannot take your booking request',
    body: 'Hello {customer},\n\nsorry: we cannot visit you {window} as you asked. Please call us at {companyPhone} to find another time.\n\n{company}',
    sms: '{company}: sorry, we cannot visit you {window}. Please call {companyPhone} to find another time.',
  },
  reminder: {
    kind: 'reminder',
    enabled: true,
    subject: 'Reminder: {company} visits you {window}',
    body: 'Hello {customer},\n\na reminder that {technician} from {company} visits you {window}.\n\nNeed to change it? Call us at {companyPhone}.\n\n{company}',
    sms: '{company}: reminder, we visit you {window}. To change it call {companyPhone}',
  },
  on_my_way: {
    kind: 'on_my_way',
    enabled: true,
    subject: '{technician} from {company} is on the way',
    body: 'Hello {customer},\n\n{technician} is on the way to you. Follow the arrival here:\n{trackingLink}\n\n{company}',
    sms: '{company}: {technician} is on the way. Track: {trackingLink}',
  },
  visit_completed: {
    kind: 'visit_completed',
    enabled: true,
    subject: 'Your visit from {company} is complete',
    body: 'Hello {customer},\n\nthank you: your visit is complete.\n\nYour visit report: {reportLink}\n\nQuestions? Call us at {companyPhone}.\n\n{company}',
    sms: '{company}: your visit is complete. Thank you! Report: {reportLink}',
  },
};

/** A workspace's settings before it saved any. */
export const defaultSettings = {
  enabled: true,
  fromAddress: null,
  replyTo: null,
  companyPhone: '',
  reminderDaysBefore: 1,
  reminderTime: '17:00',
  moveThresholdMinutes: 30,
  version: 0,
} as const;

/** Attempts before a message is given up (`dead`), and the first retry's delay (doubled each time, capped). */
export const delivery = {
  maxAttempts: 6,
  firstRetryMs: 60_000,
  maxRetryMs: 6 * 60 * 60_000,
  leaseMs: 120_000,
} as const;
