import { type NotificationKind, type NotificationTemplate, notificationKinds } from '@fieldplan/shared';
import { defineMessages, rawMessage } from '../../i18n/index.js';

/**
 * The built-in text of each kind in every shipped language (docs/PRODUCT.md, "Customer notifications"),
 * used until a workspace saves its own. Messages of the catalog (docs/TRANSLATING.md) whose `{names}`
 * are the templates' placeholders, filled by render.ts — not formatted as ICU.
 */
const builtIn = defineMessages({
  bookingRequestedSubject: { id: 'notifications.template.bookingRequested.subject' },
  bookingRequestedBody: { id: 'notifications.template.bookingRequested.body' },
  bookingRequestedSms: { id: 'notifications.template.bookingRequested.sms' },
  bookingConfirmedSubject: { id: 'notifications.template.bookingConfirmed.subject' },
  bookingConfirmedBody: { id: 'notifications.template.bookingConfirmed.body' },
  bookingConfirmedSms: { id: 'notifications.template.bookingConfirmed.sms' },
  bookingDeclinedSubject: { id: 'notifications.template.bookingDeclined.subject' },
  bookingDeclinedBody: { id: 'notifications.template.bookingDeclined.body' },
  bookingDeclinedSms: { id: 'notifications.template.bookingDeclined.sms' },
  reminderSubject: { id: 'notifications.template.reminder.subject' },
  reminderBody: { id: 'notifications.template.reminder.body' },
  reminderSms: { id: 'notifications.template.reminder.sms' },
  onMyWaySubject: { id: 'notifications.template.onMyWay.subject' },
  onMyWayBody: { id: 'notifications.template.onMyWay.body' },
  onMyWaySms: { id: 'notifications.template.onMyWay.sms' },
  visitCompletedSubject: { id: 'notifications.template.visitCompleted.subject' },
  visitCompletedBody: { id: 'notifications.template.visitCompleted.body' },
  visitCompletedSms: { id: 'notifications.template.visitCompleted.sms' },
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
