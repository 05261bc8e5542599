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
    return t({
      id: 'auth.notice.alreadyHadAccount',
      defaultMessage:
        'You already had an account with this email, so you are signed in to it. No new workspace was made.',
    });
  }
  return t(
    {
      id: 'auth.notice.signUpAttempt',
      defaultMessage:
        "Someone tried to create a new account with your email ({at}). Your account is unchanged — if it wasn't you, there is nothing to do.",
    },
    { at: formatDateTime(attempt.at) },
  );
}
