import { type Invitation, roleLabel } from '@fieldplan/shared';
import { Badge } from '../../components/Badge';
import { Button } from '../../components/Button';
import { Icon } from '../../components/Icon';
import { Loading, Skeleton } from '../../components/Skeleton';
import { useToastedWrite } from '../../components/use-toasted-write';
import { useWorkspace } from '../../entities/workspace/use-workspace';
import { formatDateTime, formatRelative } from '../../lib/format';
import { useGetInvitationsQuery, useRevokeInvitationMutation } from './endpoints';

/** Invitations not yet accepted, newest first; expired ones can be cleared away. */
export function PendingInvitations() {
  const { workspaceId } = useWorkspace();
  const { data, isLoading } = useGetInvitationsQuery(workspaceId);
  const [revoke] = useRevokeInvitationMutation();
  const toasted = useToastedWrite();
  const pending = (data ?? []).filter((i) => i.acceptedAt === null);

  const withdraw = (invitation: Invitation) =>
    toasted(
      () => revoke({ workspaceId, invitationId: invitation.id }).unwrap(),
      `Invitation for ${invitation.email} withdrawn`,
    );

  return (
    <div className="pending">
      <h3 className="pending-title">
        Pending invitations {pending.length > 0 && <span className="pending-count">{pending.length}</span>}
      </h3>
      {isLoading ? (
        <Loading label="Loading invitations…">
          <Skeleton height={36} />
        </Loading>
      ) : pending.length === 0 ? (
        <p className="pending-empty">No open invitations. New links show up here until they're used.</p>
      ) : (
        <ul className="pending-list">
          {pending.map((invitation) => {
            const expired = new Date(invitation.expiresAt).getTime() <= Date.now();
            return (
              <li key={invitation.id} className="pending-item">
                <Icon name="mail" className="pending-icon" />
                <div className="pending-text">
                  <span className="pending-email">{invitation.email}</span>
                  <span className="pending-meta">
                    {roleLabel[invitation.role]} ·{' '}
                    {expired ? (
                      <Badge tone="warning">Expired</Badge>
                    ) : (
                      <time dateTime={invitation.expiresAt} title={formatDateTime(invitation.expiresAt)}>
                        expires {formatRelative(invitation.expiresAt)}
                      </time>
                    )}
                  </span>
                </div>
                <Button
                  size="sm"
                  variant="ghost"
                  aria-label={`${expired ? 'Remove' : 'Revoke'} invitation for ${invitation.email}`}
                  onClick={() => void withdraw(invitation)}
                >
                  {expired ? 'Remove' : 'Revoke'}
                </Button>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
