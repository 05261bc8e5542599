import { type NotificationKind, type NotificationTemplate, notificationKinds } from '@fieldplan/shared';
import { defineMessages, rawMessage } from '../../i18n/index.js';

/**
 * The built-in text of each kind in every shipped language (docs/PRODUCT.md, "Customer notifications"),
 * used until a workspace saves its own. Messages of the catalog (docs/TRANSLATING.md) whose `{names}`
 * are the templates' placeholders, filled by render.ts — not formatted as ICU.
 */
const builtIn = defineMessages({
  bookingRequestedSubject: {
    id: 'notifications.template.bookingRequested.subject',
    defaultMessage: '{company} received your booking request: {window}',
  },
  bookingRequestedBody: {
    id: 'notifications.template.bookingRequested.body',
    defaultMessage:
      'Hello {customer},\n\nthank you: we received your request for a visit {window}. We will confirm it shortly.\n\nQuestions? Call us at {companyPhone}.\n\n{company}',
  },
  bookingRequestedSms: {
    id: 'notifications.template.bookingRequested.sms',
    defaultMessage: '{company}: we received your request for {window} and will confirm it shortly.',
  },
  bookingConfirmedSubject: {
    id: 'notifications.template.bookingConfirmed.subject',
    defaultMessage: 'Your visit from {company} is booked: {window}',
  },
  bookingConfirmedBody: {
    id: 'notifications.template.bookingConfirmed.body',
    defaultMessage:
      'Hello {customer},\n\nyour visit is booked for {window}.\n\nQuestions? Call us at {companyPhone}.\n\n{company}',
  },
  bookingConfirmedSms: {
    id: 'notifications.template.bookingConfirmed.sms',
    defaultMessage: '{company}: your visit is booked for {window}. Questions? {companyPhone}',
  },
  bookingDeclinedSubject: {
    id: 'notifications.template.bookingDeclined.subject',
    defaultMessage: '{company} cannot take your booking request',
  },
  bookingDeclinedBody: {
    id: 'notifications.template.bookingDeclined.body',
    defaultMessage:
      'Hello {customer},\n\nsorry: we cannot visit you {window} as you asked. Please call us at {companyPhone} to find another time.\n\n{company}',
  },
  bookingDeclinedSms: {
    id: 'notifications.template.bookingDeclined.sms',
    defaultMessage: '{company}: sorry, we cannot visit you {window}. Please call {companyPhone} to find another time.',
  },
  reminderSubject: {
    id: 'notifications.template.reminder.subject',
    defaultMessage: 'Reminder: {company} visits you {window}',
  },
  reminderBody: {
    id: 'notifications.template.reminder.body',
    defaultMessage:
      'Hello {customer},\n\na reminder that {technician} from {company} visits you {window}.\n\nNeed to change it? Call us at {companyPhone}.\n\n{company}',
  },
  reminderSms: {
    id: 'notifications.template.reminder.sms',
    defaultMessage: '{company}: reminder, we visit you {window}. To change it call {companyPhone}',
  },
  onMyWaySubject: {
    id: 'notifications.template.onMyWay.subject',
    defaultMessage: '{technician} from {company} is on the way',
  },
  onMyWayBody: {
    id: 'notifications.template.onMyWay.body',
    defaultMessage:
      'Hello {customer},\n\n{technician} is on the way to you. Follow the arrival here:\n{trackingLink}\n\n{company}',
  },
  onMyWaySms: {
    id: 'notifications.template.onMyWay.sms',
    defaultMessage: '{company}: {technician} is on the way. Track: {trackingLink}',
  },
  visitCompletedSubject: {
    id: 'notifications.template.visitCompleted.subject',
    defaultMessage: 'Your visit from {company} is complete',
  },
  visitCompletedBody: {
    id: 'notifications.template.visitCompleted.body',
    defaultMessage:
      'Hello {customer},\n\nthank you: your visit is complete.\n\nYour visit report: {reportLink}\n\nQuestions? Call us at {companyPhone}.\n\n{company}',
  },
  visitCompletedSms: {
    id: 'notifications.template.visitCompleted.sms',
    defaultMessage: '{company}: your visit is complete. Thank you! Report: {reportLink}',
  },
});

const messageKeys: Record<NotificationKind, string> = {
  booking_requested: 'bookingRequested',
  booking_confirmed: 'bookingConfirmed',
  booking_declined: 'bookingDeclined',
  reminder: 'reminder',
  on_my_way: 'onMyWay',
  visit_completed: 'visitCompleted',
};

/** The built-in templates in a language (English for one not shipped). */
export function defaultTemplatesIn(
  language: string | null | undefined,
): Record<NotificationKind, NotificationTemplate> {
  const text = (key: string) => rawMessage(language, builtIn[key as keyof typeof builtIn]);
  return Object.fromEntries(
    notificationKinds.map((kind) => {
      const key = messageKeys[kind];
      return [
        kind,
        { kind, enabled: true, subject: text(`${key}Subject`), body: text(`${key}Body`), sms: text(`${key}Sms`) },
      ];
    }),
  ) as Record<NotificationKind, NotificationTemplate>;
}

/** The built-in templates in English. */
export const defaultTemplates = defaultTemplatesIn('en');

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
