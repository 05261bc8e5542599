import { createIntl } from '@formatjs/intl';
import { afterEach, describe, expect, it } from 'vitest';
import { intlFor, rawMessage, reportMissingMessagesTo, withEnglishFallback } from './index';

afterEach(() => reportMissingMessagesTo(() => {}));

describe("the server's messages", () => {
  it('formats a message from the language catalog, English from en.json', () => {
    const id = 'notifications.report.title';
    expect(intlFor('en').formatMessage({ id })).toBe('Visit report');
    expect(intlFor('de').formatMessage({ id })).not.toBe('Visit report');
    expect(intlFor('fr').formatMessage({ id })).toBe('Visit report');
  });

  it('answers a message a catalog lacks in English, and tells it once', () => {
    const told: string[] = [];
    reportMissingMessagesTo((id, language) => told.push(`${language}:${id}`));
    const messages = withEnglishFallback('de', { 'notifications.report.yes': 'Ja' });
    const intl = createIntl({ locale: 'de', defaultLocale: 'en', messages, onError: () => {} });
    expect(intl.formatMessage({ id: 'notifications.report.yes' })).toBe('Ja');
    expect(intl.formatMessage({ id: 'notifications.report.title' })).toBe('Visit report');
    expect(intl.formatMessage({ id: 'notifications.report.title' })).toBe('Visit report');
    expect(told).toEqual(['de:notifications.report.title']);
  });

  it('gives a template its raw text, placeholders unformatted', () => {
    expect(rawMessage('en', { id: 'notifications.template.bookingConfirmed.body' })).toContain('{window}');
    expect(rawMessage('de', { id: 'notifications.template.bookingConfirmed.body' })).toContain('{window}');
  });
});
