import { can } from '@fieldplan/shared';
import { Link } from 'react-router';
import { buttonClass } from '../../components/Button';
import { EmptyState } from '../../components/EmptyState';
import { LoadFailedState } from '../../components/LoadFailed';
import { PageHeader, Panel } from '../../components/Panel';
import { Loading, Skeleton } from '../../components/Skeleton';
import { useGetWorkspaceQuery } from '../../entities/workspace/endpoints';
import { useWorkspace } from '../../entities/workspace/use-workspace';
import { useDocumentTitle } from '../../lib/use-document-title';
import { ArchivePanel } from '../export';
import { SettingsForm } from './SettingsForm';
import './Settings.css';

function SettingsSkeleton() {
  return (
    <Loading label="Loading settings…">
      <div className="settings">
        {[0, 1, 2].map((i) => (
          <Panel key={i} title={<Skeleton width={120} height={14} />}>
            <div className="settings-grid">
              <Skeleton height={52} />
              <Skeleton height={52} />
            </div>
          </Panel>
        ))}
      </div>
    </Loading>
  );
}

/** `/w/:slug/settings`: owners only (the navigation hides it from everyone else). */
export function SettingsPage() {
  const { workspaceId, slug, role } = useWorkspace();
  useDocumentTitle('Settings');
  const allowed = can(role, 'workspace.manage');
  const {
    data: workspace,
    error,
    refetch,
  } = useGetWorkspaceQuery(workspaceId, {
    skip: !allowed,
    refetchOnMountOrArgChange: true,
  });

  if (!allowed) {
    return (
      <EmptyState
        icon="settings"
        title="Only owners can change settings"
        action={
          can(role, 'checklists.manage') ? (
            <Link to={`/w/${slug}/settings/checklists`} className={buttonClass('secondary')}>
              Checklists
            </Link>
          ) : (
            <Link to={`/w/${slug}`} className={buttonClass('secondary')}>
              Back to overview
            </Link>
          )
        }
      >
        Ask an owner of this workspace if the time zone, working hours or map need changing.
      </EmptyState>
    );
  }

  return (
    <>
      <PageHeader
        title="Settings"
        description="Workspace name, time zone, working hours and the map's defaults."
        actions={
          <>
            <Link to={`/w/${slug}/settings/notifications`} className={buttonClass('secondary')}>
              Notifications
            </Link>
            <Link to={`/w/${slug}/settings/booking`} className={buttonClass('secondary')}>
              Booking
            </Link>
            <Link to={`/w/${slug}/settings/checklists`} className={buttonClass('secondary')}>
              Checklists
            </Link>
          </>
        }
      />
      {workspace ? (
        <>
          <SettingsForm key={workspace.id} workspace={workspace} />
          <ArchivePanel workspaceId={workspace.id} />
        </>
      ) : error ? (
        <LoadFailedState title="Couldn't load the settings" error={error} onRetry={() => void refetch()} />
      ) : (
        <SettingsSkeleton />
      )}
    </>
  );
}
