import { can } from '@fieldplan/shared';
import { Link } from 'react-router';
import { buttonClass } from '../../components/Button';
import { LoadFailedState } from '../../components/LoadFailed';
import { NotAllowed } from '../../components/NotAllowed';
import { PageHeader, Panel } from '../../components/Panel';
import { Loading, Skeleton } from '../../components/Skeleton';
import { useGetWorkspaceQuery } from '../../entities/workspace/endpoints';
import { useWorkspace } from '../../entities/workspace/use-workspace';
import { Message, useIntl } from '../../lib/i18n';
import { useDocumentTitle } from '../../lib/use-document-title';
import { ArchivePanel } from '../export';
import { SettingsForm } from './SettingsForm';
import './Settings.css';

function SettingsSkeleton() {
  const intl = useIntl();
  return (
    <Loading label={intl.formatMessage({ id: 'settings.page.loading' })}>
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
  const intl = useIntl();
  const { workspaceId, slug, role } = useWorkspace();
  const title = intl.formatMessage({ id: 'settings.page.title' });
  useDocumentTitle(title);
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
      <NotAllowed
        title={{ id: 'settings.page.ownersOnly' }}
        hint={{ id: 'settings.page.askOwner' }}
        action={
          can(role, 'checklists.manage') ? (
            <Link to={`/w/${slug}/settings/checklists`} className={buttonClass('secondary')}>
              <Message id="settings.page.checklists" />
            </Link>
          ) : (
            <Link to={`/w/${slug}`} className={buttonClass('secondary')}>
              <Message id="settings.page.backToOverview" />
            </Link>
          )
        }
      />
    );
  }

  return (
    <>
      <PageHeader
        title={title}
        description={intl.formatMessage({ id: 'settings.page.description' })}
        actions={
          <>
            <Link to={`/w/${slug}/settings/notifications`} className={buttonClass('secondary')}>
              <Message id="settings.page.notifications" />
            </Link>
            <Link to={`/w/${slug}/settings/booking`} className={buttonClass('secondary')}>
              <Message id="settings.page.booking" />
            </Link>
            <Link to={`/w/${slug}/settings/checklists`} className={buttonClass('secondary')}>
              <Message id="settings.page.checklists" />
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
        <LoadFailedState
          title={intl.formatMessage({ id: 'settings.page.loadFailed' })}
          error={error}
          onRetry={() => void refetch()}
        />
      ) : (
        <SettingsSkeleton />
      )}
    </>
  );
}
