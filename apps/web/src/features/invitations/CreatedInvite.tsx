import type { Invitation } from '@fieldplan/shared';
import { OnceLink } from '../../components/OnceLink';
import { formatDateTime } from '../../lib/format';
import { Message, useIntl } from '../../lib/i18n';

interface CreatedInviteProps {
  invitation: Invitation;
  url: string;
  onDone: () => void;
}

/** The new link, shown once (only its hash is stored): copy it now. */
export function CreatedInvite({ invitation, url, onDone }: CreatedInviteProps) {
  const intl = useIntl();
  return (
    <div className="created-invite" role="status">
      <p className="created-invite-title">
        <Message
          id="invitations.created.title"
          values={{ email: invitation.email, role: invitation.role, strong: (chunks) => <strong>{chunks}</strong> }}
        />
      </p>
      <OnceLink
        url={url}
        label={intl.formatMessage({ id: 'invitations.created.link' })}
        className="created-invite-field"
        hint={intl.formatMessage({ id: 'invitations.created.hint' }, { until: formatDateTime(invitation.expiresAt) })}
        actionsClassName="created-invite-actions"
        copied={intl.formatMessage({ id: 'invitations.created.copied' }, { email: invitation.email })}
        onDone={onDone}
      />
    </div>
  );
}
