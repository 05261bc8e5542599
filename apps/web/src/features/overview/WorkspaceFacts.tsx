import { formatDate, formatTime, formatWallTime, type Workspace } from '@fieldplan/shared';
import { Link } from 'react-router';
import { FactRow } from '../../components/Fact';
import { Icon } from '../../components/Icon';
import { Panel } from '../../components/Panel';
import { Loading, Skeleton } from '../../components/Skeleton';
import { clockIn } from '../../lib/clock';
import { longWeekday, shortWeekday } from '../../lib/format';
import { Message, useIntl } from '../../lib/i18n';

function daysLabel(days: readonly number[], weekStart: number): string {
  const ordered = [...days].sort((a, b) => ((a - weekStart + 7) % 7) - ((b - weekStart + 7) % 7));
  return ordered.map(shortWeekday).join(', ');
}

/** The settings that shape every schedule, read-only; owners get a link to change them. */
export function WorkspaceFacts({ workspace, canEdit }: { workspace: Workspace | undefined; canEdit: boolean }) {
  const intl = useIntl();
  return (
    <Panel
      title={intl.formatMessage({ id: 'overview.facts.title' })}
      actions={
        canEdit && workspace ? (
          <Link to={`/w/${workspace.slug}/settings`} className="panel-link">
            <Message id="overview.facts.edit" /> <Icon name="arrowRight" size={14} />
          </Link>
        ) : undefined
      }
    >
      {!workspace ? (
        <Loading label={intl.formatMessage({ id: 'overview.facts.loading' })}>
          <Skeleton height={12} width="70%" />
          <div style={{ height: 10 }} />
          <Skeleton height={12} width="55%" />
          <div style={{ height: 10 }} />
          <Skeleton height={12} width="60%" />
        </Loading>
      ) : (
        <dl className="facts">
          <FactRow term={<Message id="overview.facts.timeZone" />}>
            {workspace.timeZone.replaceAll('_', ' ')}{' '}
            <span className="muted">
              · <Message id="overview.facts.clock" values={{ format: workspace.timeFormat }} />
            </span>
          </FactRow>
          <FactRow term={<Message id="overview.facts.workingHours" />}>
            {formatWallTime(workspace.workingHours.start, workspace)}–
            {formatWallTime(workspace.workingHours.end, workspace)}{' '}
            <span className="muted">· {daysLabel(workspace.workingHours.days, workspace.weekStart)}</span>
          </FactRow>
          <FactRow term={<Message id="overview.facts.weekStarts" />}>{longWeekday(workspace.weekStart)}</FactRow>
          <FactRow term={<Message id="overview.facts.timesAndDates" />}>
            {formatTime(Date.now(), clockIn(workspace.timeZone))}{' '}
            <span className="muted">· {formatDate(Date.now(), clockIn(workspace.timeZone))}</span>
          </FactRow>
          <FactRow term={<Message id="overview.facts.address" />} valueClassName="facts-mono">
            {`/w/${workspace.slug}`}
          </FactRow>
        </dl>
      )}
    </Panel>
  );
}
