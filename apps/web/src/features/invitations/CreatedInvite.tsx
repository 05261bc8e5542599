import { type Invitation, roleLabel } from '@fieldplan/shared';
import { OnceLink } from '../../components/OnceLink';
import { formatDateTime } from '../../lib/format';

interface CreatedInviteProps {
  invitation: Invitation;
  url: string;
  onDone: () => void;
}

/** The new link, shown once (only its hash is stored): copy it now. */
export function CreatedInvite({ invitation, url, onDone }: CreatedInviteProps) {
  return (
    <div className="created-invite" role="status">
      <p className="created-invite-title">
        Invitation for <strong>{invitation.email}</strong> as {roleLabel[invitation.role].toLowerCase()}
      </p>
      <OnceLink
        url={url}
        label="Invite link"
        className="created-invite-field"
        hint={`Shown only once — copy it now. Works once, until ${formatDateTime(invitation.expiresAt)}.`}
        actionsClassName="created-invite-actions"
        copied={`Link copied — send it to ${invitation.email}`}
        onDone={onDone}
      />
    </div>
  );
}
