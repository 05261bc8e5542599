import type { Me } from '@fieldplan/shared';
import { formatDateTime } from '../../lib/format';
import { t } from '../../lib/i18n';

/**
 * What to tell a user who just signed in about a sign-up with their email (the server answers
 * sign-ups alike for new and taken emails, so this is where the account's owner hears of it).
 * `justTried`: they came from the sign-up form themselves.
 */
export function signInNoticeMessage(me: Me, justTried: boolean): string | null {
  const attempt = me.notices?.find((n) => n.kind === 'sign-up-attempt');
  if (!attempt) return null;
  if (justTried) {
    return t({ id: 'auth.notice.alreadyHadAccount' });
  }
  return t({ id: 'auth.notice.signUpAttempt' }, { at: formatDateTime(attempt.at) });
}
