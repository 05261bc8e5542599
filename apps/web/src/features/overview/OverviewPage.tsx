import { can } from '@fieldplan/shared';
import { PageHeader } from '../../components/Panel';
import { useGetMembersQuery } from '../../entities/member/endpoints';
import { useGetWorkspaceQuery } from '../../entities/workspace/endpoints';
import { useWorkspace } from '../../entities/workspace/use-workspace';
import { useIntl } from '../../lib/i18n';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useGetInvitationsQuery } from '../invitations';
import { GettingStarted } from './GettingStarted';
import { settingsReviewed } from './settings-reviewed';
import { TodayGlance } from './TodayGlance';
import { WorkspaceFacts } from './WorkspaceFacts';
import { YourRole } from './YourRole';
import './Overview.css';

/** Which greeting the hour calls for (the words are the message's). */
function partOfDay(now = new Date()): 'morning' | 'afternoon' | 'evening' {
  const hour = now.getHours();
  return hour < 12 ? 'morning' : hour < 18 ? 'afternoon' : 'evening';
}

/** `/w/:slug`: the landing page of a workspace — the morning's Overview of today. */
export function OverviewPage() {
  const intl = useIntl();
  const { me, membership, workspaceId, slug, role } = useWorkspace();
  useDocumentTitle(membership.workspaceName);
  const owner = can(role, 'members.manage');
  const { data: workspace } = useGetWorkspaceQuery(workspaceId);
  const { data: members } = useGetMembersQuery(workspaceId);
  const { data: invitations } = useGetInvitationsQuery(workspaceId, { skip: !owner });
  const invited = (members?.length ?? 0) > 1 || (invitations?.length ?? 0) > 0;
  const firstName = me.user.name.split(/\s+/)[0] ?? me.user.name;

  return (
    <>
      <PageHeader
        title={membership.workspaceName}
        description={intl.formatMessage({ id: 'overview.greeting' }, { partOfDay: partOfDay(), name: firstName, role })}
      />
      <div className="overview">
        <div className="overview-main">
          {owner && <GettingStarted slug={slug} invited={invited} settingsDone={settingsReviewed(workspaceId)} />}
          {workspace && (
            <TodayGlance
              workspaceId={workspaceId}
              slug={slug}
              zone={workspace.timeZone}
              role={role}
              memberId={membership.memberId}
            />
          )}
        </div>
        <div className="overview-side">
          <YourRole name={me.user.name} email={me.user.email} colour={membership.colour} role={role} />
          <WorkspaceFacts workspace={workspace} canEdit={can(role, 'workspace.manage')} />
        </div>
      </div>
    </>
  );
}
