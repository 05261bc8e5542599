import { formatDate, formatTime, formatWallTime, type Workspace } from '@fieldplan/shared';
import { Link } from 'react-router';
import { Icon } from '../../components/Icon';
import { Panel } from '../../components/Panel';
import { Loading, Skeleton } from '../../components/Skeleton';
import { clockIn } from '../../lib/clock';
import { shortWeekday, weekdayNames } from '../../lib/format';

function daysLabel(days: readonly number[], weekStart: number): string {
  const ordered = [...days].sort((a, b) => ((a - weekStart + 7) % 7) - ((b - weekStart + 7) % 7));
  return ordered.map(shortWeekday).join(', ');
}

/** The settings that shape every schedule, read-only; owners get a link to change them. */
export function WorkspaceFacts({ workspace, canEdit }: { workspace: Workspace | undefined; canEdit: boolean }) {
  return (
    <Panel
      title="Workspace"
      actions={
        canEdit && workspace ? (
          <Link to={`/w/${workspace.slug}/settings`} className="panel-link">
            Edit <Icon name="arrowRight" size={14} />
          </Link>
        ) : undefined
      }
    >
      {!workspace ? (
        <Loading label="Loading workspace settings…">
          <Skeleton height={12} width="70%" />
          <div style={{ height: 10 }} />
          <Skeleton height={12} width="55%" />
          <div style={{ height: 10 }} />
          <Skeleton height={12} width="60%" />
        </Loading>
      ) : (
        <dl className="facts">
          <div>
            <dt>Time zone</dt>
            <dd>
              {workspace.timeZone.replaceAll('_', ' ')}{' '}
              <span className="muted">· {workspace.timeFormat === '12h' ? '12-hour' : '24-hour'} clock</span>
            </dd>
          </div>
          <div>
            <dt>Working hours</dt>
            <dd>
              {formatWallTime(workspace.workingHours.start, workspace)}–
              {formatWallTime(workspace.workingHours.end, workspace)}{' '}
              <span className="muted">· {daysLabel(workspace.workingHours.days, workspace.weekStart)}</span>
            </dd>
          </div>
          <div>
            <dt>Week starts</dt>
            <dd>{weekdayNames[workspace.weekStart] ?? '—'}</dd>
          </div>
          <div>
            <dt>Times and dates</dt>
            <dd>
              {formatTime(Date.now(), clockIn(workspace.timeZone))}{' '}
              <span className="muted">· {formatDate(Date.now(), clockIn(workspace.timeZone))}</span>
            </dd>
          </div>
          <div>
            <dt>Address</dt>
            <dd className="facts-mono">/w/{workspace.slug}</dd>
          </div>
        </dl>
      )}
    </Panel>
  );
}
