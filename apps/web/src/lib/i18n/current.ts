import { createIntl, createIntlCache, type IntlShape, type MessageDescriptor } from 'react-intl';
import type { ShownLocale } from './catalogs';

// The language for plain functions (toasts, formatters, titles) that render outside React: the
// LanguageProvider sets it while it renders, before any screen below it asks (as lib/clock.ts does
// for the workspace's formats).

const cache = createIntlCache();
let current: IntlShape = createIntl({ locale: 'en', defaultLocale: 'en', messages: {} }, cache);

export function setCurrentIntl(intl: IntlShape): void {
  current = intl;
}

export const currentLocale = (): ShownLocale => current.locale as ShownLocale;

/** The page's messages and formats, for code outside React (or outside the provider's tree). */
export const currentIntl = (): IntlShape => current;

/** A message in the page's language, for code outside React: `t({ id }, values)`. */
export function t(descriptor: MessageDescriptor, values?: Record<string, string | number | Date>): string {
  return current.formatMessage(descriptor, values);
}

/**
 * A table of messages (statuses, roles …) formatted where shown: `intl.formatMessage(table[key], values)`.
 * Plain descriptors, so a message with arguments and one without sit in one table.
 */
export function defineMessages<K extends string>(messages: Record<K, MessageDescriptor>): Record<K, MessageDescriptor> {
  return messages;
}
