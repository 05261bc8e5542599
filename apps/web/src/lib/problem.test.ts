import type { Problem } from '@fieldplan/shared';
import { createIntl } from 'react-intl';
import { afterEach, describe, expect, it } from 'vitest';
import { currentIntl, setCurrentIntl } from './i18n/current';
import germanLib from './i18n/messages/de/lib.json';
import { problemMessage } from './problem';

const english = currentIntl();
const problem = (code: Problem['code'], detail: string, extra: Partial<Problem> = {}): Problem => ({
  type: 't',
  title: 'x',
  status: 400,
  code,
  detail,
  ...extra,
});

afterEach(() => setCurrentIntl(english));

describe('problemMessage on a German page', () => {
  it('shows a 400’s detail (the server words it in the page’s language) and German for the rest', () => {
    setCurrentIntl(createIntl({ locale: 'de', defaultLocale: 'en', messages: germanLib }));
    expect(problemMessage(problem('validation_failed', 'Name ist erforderlich'))).toBe('Name ist erforderlich');
    expect(problemMessage(problem('forbidden', "You don't have permission to delete jobs"))).toBe(
      'Dazu fehlt Ihnen die Berechtigung.',
    );
    expect(problemMessage(problem('rate_limited', 'd', { retryAfter: 17 }))).toBe(
      'Zu viele Versuche, versuchen Sie es in 17 s noch einmal',
    );
    expect(problemMessage(problem('internal', 'x', { reference: 'abc123' }))).toBe(
      'Etwas ist schiefgelaufen (Referenz abc123)',
    );
  });

  it('keeps the server’s detail on an English page', () => {
    expect(problemMessage(problem('forbidden', "You don't have permission to delete jobs"))).toBe(
      "You don't have permission to delete jobs",
    );
    expect(problemMessage(problem('not_found', ''))).toBe('This no longer exists');
  });
});
