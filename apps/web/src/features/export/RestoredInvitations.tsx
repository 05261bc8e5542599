import type { ArchiveRestoreResult } from '@fieldplan/shared';
import { Button } from '../../components/Button';
import { useToast } from '../../components/use-toast';
import { copyText } from '../../lib/clipboard';
import { Message, useIntl } from '../../lib/i18n';

/**
 * The archive's other members, each invited by link (docs/PRODUCT.md, "Export"). The links are shown
 * only here (the server keeps their hashes), so each can be copied and sent on.
 */
export function RestoredInvitations({ invitations }: { invitations: ArchiveRestoreResult['invitations'] }) {
  const intl = useIntl();
  const toast = useToast();
  if (invitations.length === 0) return null;
  const copy = async (invitation: ArchiveRestoreResult['invitations'][number]) => {
    const copied = await copyText(invitation.url);
    toast(
      copied
        ? {
            tone: 'success',
            message: intl.formatMessage({ id: 'export.restored.copied' }, { email: invitation.email }),
          }
        : {
            tone: 'info',
            message: intl.formatMessage({ id: 'export.restored.copyByHand' }, { url: invitation.url }),
          },
    );
  };
  return (
    <>
      <p>
        <Message id="export.restored.intro" />
      </p>
      <ul className="restore-invitations">
        {invitations.map((invitation) => (
          <li key={invitation.email}>
            <span>
              <Message
                id="export.restored.member"
                values={{ name: invitation.name, email: invitation.email, role: invitation.role }}
              />
            </span>
            <Button
              variant="ghost"
              icon="copy"
              aria-label={intl.formatMessage({ id: 'export.restored.copyLabel' }, { email: invitation.email })}
              onClick={() => void copy(invitation)}
            >
              <Message id="export.restored.copyLink" />
            </Button>
          </li>
        ))}
      </ul>
    </>
  );
}
