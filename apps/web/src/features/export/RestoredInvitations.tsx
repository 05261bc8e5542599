import type { ArchiveRestoreResult } from '@fieldplan/shared';
import { Button } from '../../components/Button';
import { useToast } from '../../components/use-toast';
import { copyText } from '../../lib/clipboard';

/**
 * The archive's other members, each invited by link (docs/PRODUCT.md, "Export"). The links are shown
 * only here (the server keeps their hashes), so each can be copied and sent on.
 */
export function RestoredInvitations({ invitations }: { invitations: ArchiveRestoreResult['invitations'] }) {
  const toast = useToast();
  if (invitations.length === 0) return null;
  const copy = async (invitation: ArchiveRestoreResult['invitations'][number]) => {
    const copied = await copyText(invitation.url);
    toast(
      copied
        ? { tone: 'success', message: `Invite link for ${invitation.email} copied` }
        : { tone: 'info', message: `Copy the link by hand: ${invitation.url}` },
    );
  };
  return (
    <>
      <p>
        Everyone else in the archive is invited. Send each their link — shown only now; until they accept, their visits
        are unassigned. You can withdraw invitations under Team.
      </p>
      <ul className="restore-invitations">
        {invitations.map((invitation) => (
          <li key={invitation.email}>
            <span>
              {invitation.name} · {invitation.email} · {invitation.role}
            </span>
            <Button
              variant="ghost"
              icon="copy"
              aria-label={`Copy invite link for ${invitation.email}`}
              onClick={() => void copy(invitation)}
            >
              Copy link
            </Button>
          </li>
        ))}
      </ul>
    </>
  );
}
