import { can } from '@fieldplan/shared';
import { Button } from '../../components/Button';
import { PageHeader, Panel } from '../../components/Panel';
import { useGetMembersQuery } from '../../entities/member/endpoints';
import { useWorkspace } from '../../entities/workspace/use-workspace';
import { Message, useIntl } from '../../lib/i18n';
import { useDocumentTitle } from '../../lib/use-document-title';
import { InviteForm, inviteEmailId, PendingInvitations } from '../invitations';
import { MemberList } from './MemberList';
import { useMemberActions } from './use-member-actions';
import './Team.css';

/** `/w/:slug/team`: everyone in the workspace; owners also invite, change roles and colours, deactivate. */
export function TeamPage() {
  const { workspaceId, membership, role } = useWorkspace();
  const intl = useIntl();
  useDocumentTitle(intl.formatMessage({ id: 'team.page.title' }));
  // Always fresh on entry: someone else may have joined or changed roles meanwhile.
  const { data: members } = useGetMembersQuery(workspaceId, { refetchOnMountOrArgChange: true });
  const actions = useMemberActions();
  const owner = can(role, 'members.manage');
  const jumpToInvite = () => {
    const email = document.getElementById(inviteEmailId);
    email?.scrollIntoView?.({ block: 'center', behavior: 'smooth' });
    email?.focus({ preventScroll: true });
  };

  return (
    <>
      <PageHeader
        title={<Message id="team.page.title" />}
        description={owner ? <Message id="team.page.descriptionOwner" /> : <Message id="team.page.description" />}
        actions={
          owner && (
            <Button variant="primary" icon="userPlus" className="team-invite-jump" onClick={jumpToInvite}>
              <Message id="team.page.invite" />
            </Button>
          )
        }
      />
      <div className={owner ? 'team-layout team-layout-owner' : 'team-layout'}>
        {owner && (
          <Panel
            className="team-invite"
            title={<Message id="team.invite.title" />}
            description={<Message id="team.invite.description" />}
          >
            <InviteForm />
            <PendingInvitations />
          </Panel>
        )}
        <div className="team-members">
          <MemberList members={members} selfId={membership.memberId} manage={owner ? actions : null} />
        </div>
      </div>
    </>
  );
}
