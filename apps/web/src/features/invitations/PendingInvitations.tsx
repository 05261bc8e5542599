import type { Invitation } from '@fieldplan/shared';
import { Badge } from '../../components/Badge';
import { Button } from '../../components/Button';
import { Icon } from '../../components/Icon';
import { Loading, Skeleton } from '../../components/Skeleton';
import { useToastedWrite } from '../../components/use-toasted-write';
import { roleMessages } from '../../entities/member';
import { useWorkspace } from '../../entities/workspace/use-workspace';
import { formatDateTime, formatRelative } from '../../lib/format';
import { Message, useIntl } from '../../lib/i18n';
import { useGetInvitationsQuery, useRevokeInvitationMutation } from './endpoints';

/** Invitations not yet accepted, newest first; expired ones can be cleared away. */
export function PendingInvitations() {
  const intl = useIntl();
  const { workspaceId } = useWorkspace();
  const { data, isLoading } = useGetInvitationsQuery(workspaceId);
  const [revoke] = useRevokeInvitationMutation();
  const toasted = useToastedWrite();
  const pending = (data ?? []).filter((i) => i.acceptedAt === null);

  const withdraw = (invitation: Invitation) =>
    toasted(
      () => revoke({ workspaceId, invitationId: invitation.id }).unwrap(),
      intl.formatMessage({ id: 'invitations.pending.withdrawn' }, { email: invitation.email }),
    );

  return (
    <div className="pending">
      <h3 className="pending-title">
        <Message id="invitations.pending.title" />{' '}
        {pending.length > 0 && <span className="pending-count">{pending.length}</span>}
      </h3>
      {isLoading ? (
        <Loading label={intl.formatMessage({ id: 'invitations.pending.loading' })}>
          <Skeleton height={36} />
        </Loading>
      ) : pending.length === 0 ? (
        <p className="pending-empty">
          <Message id="invitations.pending.empty" />
        </p>
      ) : (
        <ul className="plain-list pending-list">
          {pending.map((invitation) => {
            const expired = new Date(invitation.expiresAt).getTime() <= Date.now();
            return (
              <li key={invitation.id} className="pending-item">
                <Icon name="mail" className="pending-icon" />
                <div className="pending-text">
                  <span className="pending-email ellipsis">{invitation.email}</span>
                  <span className="pending-meta">
                    {intl.formatMessage(roleMessages[invitation.role])} ·{' '}
                    {expired ? (
                      <Badge tone="warning">
                        <Message id="invitations.pending.expired" />
                      </Badge>
                    ) : (
                      <time dateTime={invitation.expiresAt} title={formatDateTime(invitation.expiresAt)}>
                        <Message
                          id="invitations.pending.expires"
                          values={{ when: formatRelative(invitation.expiresAt) }}
                        />
                      </time>
                    )}
                  </span>
                </div>
                <Button
                  size="sm"
                  variant="ghost"
                  aria-label={
                    expired
                      ? intl.formatMessage({ id: 'invitations.pending.removeFor' }, { email: invitation.email })
                      : intl.formatMessage({ id: 'invitations.pending.revokeFor' }, { email: invitation.email })
                  }
                  onClick={() => void withdraw(invitation)}
                >
                  {expired ? <Message id="invitations.pending.remove" /> : <Message id="invitations.pending.revoke" />}
                </Button>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
