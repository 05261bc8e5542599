import { can, describeRule } from '@fieldplan/shared';
import { lazy, Suspense, useMemo } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { Avatar } from '../../components/Avatar';
import { Button, buttonClass } from '../../components/Button';
import { Drawer } from '../../components/Drawer';
import { EmptyState } from '../../components/EmptyState';
import { Fact } from '../../components/Fact';
import { Icon } from '../../components/Icon';
import { Loading, Skeleton } from '../../components/Skeleton';
import { eventContextOf } from '../../entities/job/apply-job-change';
import { useGetJobQuery } from '../../entities/job/endpoints';
import { formatJobTime } from '../../entities/job/format-time';
import { StatusLabel } from '../../entities/job/job-status';
import { useWorkspace } from '../../entities/workspace/use-workspace';
import { Message, useIntl } from '../../lib/i18n';
import { toProblem } from '../../lib/problem';
import { useOutsideAreas } from '../areas';
import { useBoardLinks, useScheduleContext } from '../dispatch';
import { JobNotifications } from '../notifications';
import { TrackingLinks } from '../tracking';
import { VisitRecordSection } from '../work-record';
import { formatFlexibleWindow } from './flexible-window';
import { visitOf } from './occurrence';
import { StatusActions } from './StatusActions';
import { SuggestSlots } from './SuggestSlots';
import { useDeleteJob } from './use-delete-job';

const JobSiteMap = lazy(() => import('./JobSiteMap'));

/** `/w/:slug/jobs/:id[?occurrence=…]`: a job (or one visit of a series) over the board. */
export function JobDetailPanel() {
  const intl = useIntl();
  const { id = '' } = useParams();
  const { workspaceId, slug, role, membership } = useWorkspace();
  const { settings, members } = useScheduleContext();
  const links = useBoardLinks();
  const navigate = useNavigate();
  const { data: job, error, isLoading } = useGetJobQuery({ workspaceId, id });
  const occurrence = links.search.get('occurrence');
  const ctx = useMemo(() => eventContextOf(settings, members), [settings, members]);
  const outside = useOutsideAreas(workspaceId);
  const close = () => navigate(links.board);
  const deletion = useDeleteJob(workspaceId, close);

  if (isLoading) {
    return (
      <Drawer title={intl.formatMessage({ id: 'jobs.detail.drawerTitle' })} onClose={close}>
        <Loading label={intl.formatMessage({ id: 'jobs.detail.loading' })}>
          <Skeleton width="60%" height={18} />
          <Skeleton width="40%" />
          <Skeleton width="80%" />
        </Loading>
      </Drawer>
    );
  }
  if (!job || !ctx) {
    const gone = toProblem(error).status === 404;
    return (
      <Drawer title={intl.formatMessage({ id: 'jobs.detail.drawerTitle' })} onClose={close}>
        <EmptyState
          icon="inbox"
          title={
            gone
              ? intl.formatMessage({ id: 'jobs.detail.goneTitle' })
              : intl.formatMessage({ id: 'jobs.detail.failedTitle' })
          }
        >
          {gone ? <Message id="jobs.detail.goneBody" /> : <Message id="jobs.detail.failedBody" />}
        </EmptyState>
      </Drawer>
    );
  }
  const visit = visitOf(job, occurrence, ctx);
  const names = new Map(members.map((m) => [m.id, m]));
  const writer = can(role, 'schedule.write');
  const rule = job.rrule ? describeRule(job.rrule, settings.timeZone) : null;

  return (
    <Drawer
      title={job.title}
      subtitle={
        <>
          <StatusLabel status={visit.status} />
          {job.bookingRequest?.status === 'pending' && (
            <span className="detail-request" title={intl.formatMessage({ id: 'jobs.detail.requestHint' })}>
              <Message id="jobs.detail.request" />
            </span>
          )}
          {job.rrule && (
            <span className="detail-recurring">
              <Icon name="repeat" size={14} />{' '}
              {visit.occurrenceKey ? <Message id="jobs.detail.oneVisit" /> : <Message id="jobs.detail.recurring" />}
            </span>
          )}
        </>
      }
      onClose={close}
      actions={
        writer && (
          <>
            <Link className={buttonClass('secondary', 'sm')} to={links.edit(job.id, visit.occurrenceKey)}>
              <Icon name="pencil" /> <Message id="jobs.detail.edit" />
            </Link>
            <Button size="sm" variant="ghost" icon="trash" onClick={() => deletion.ask(job, visit.occurrenceKey)}>
              <Message id="jobs.detail.delete" />
            </Button>
          </>
        )
      }
    >
      {!visit.found && (
        <p className="detail-note">
          <Message id="jobs.detail.occurrenceGone" />
        </p>
      )}
      <StatusActions workspaceId={workspaceId} job={job} visit={visit} role={role} memberId={membership.memberId} />
      {writer && <TrackingLinks workspaceId={workspaceId} job={job} />}
      {can(role, 'notifications.read') && <JobNotifications workspaceId={workspaceId} job={job} />}
      {writer && <SuggestSlots workspaceId={workspaceId} job={job} timeZone={settings.timeZone} members={members} />}
      <dl className="detail-list">
        <Fact term={<Message id="jobs.detail.when" />}>
          {formatJobTime(visit.start, visit.end, job.allDay, settings.timeZone)}
          {job.flexibleWindow && (
            <span className="detail-flexible">
              <span aria-hidden="true">↔</span>{' '}
              <Message
                id="jobs.detail.flexible"
                values={{ window: formatFlexibleWindow(job.flexibleWindow, settings.timeZone) }}
              />
            </span>
          )}
        </Fact>
        {rule && <Fact term={<Message id="jobs.detail.repeats" />}>{rule}</Fact>}
        <Fact term={<Message id="jobs.detail.technicians" />}>
          {visit.assigneeIds.length === 0 ? (
            <Message id="jobs.detail.unassigned" />
          ) : (
            <ul className="plain-list detail-people">
              {visit.assigneeIds.map((mid) => {
                const m = names.get(mid);
                return (
                  <li key={mid}>
                    <Avatar name={m?.name ?? '?'} colour={m?.colour ?? '#9E9E9E'} size="sm" />
                    {m?.name ?? <Message id="jobs.detail.formerMember" />}
                  </li>
                );
              })}
            </ul>
          )}
        </Fact>
        <Fact term={<Message id="jobs.detail.customer" />}>
          {job.customerId ? (
            <Link to={links.customer(job.customerId)}>{job.customerName}</Link>
          ) : (
            <Message id="jobs.detail.noCustomer" />
          )}
        </Fact>
        <Fact term={<Message id="jobs.detail.address" />}>
          {job.address || '—'}
          {job.lat !== null && job.lng !== null && (
            <span className="detail-coords">
              {job.lat.toFixed(5)}, {job.lng.toFixed(5)}
            </span>
          )}
          {outside(job) && (
            <span className="detail-outside" role="note">
              <Icon name="pin" size={14} /> <Message id="jobs.detail.outsideAreas" />
            </span>
          )}
        </Fact>
        <Fact term={<Message id="jobs.detail.priority" />}>
          <Message id="jobs.detail.priorityValue" values={{ priority: job.priority }} />
        </Fact>
        <Fact term={<Message id="jobs.detail.description" />} valueClassName="detail-description">
          {job.description || '—'}
        </Fact>
      </dl>
      {job.lat !== null && job.lng !== null && (
        <Suspense fallback={<Skeleton height={200} />}>
          <JobSiteMap job={job} members={members} settings={settings} />
        </Suspense>
      )}
      {/* A series shows no record: each of its visits has its own. */}
      {(!job.rrule || visit.occurrenceKey) && (
        <VisitRecordSection workspaceId={workspaceId} slug={slug} jobId={job.id} occurrence={visit.occurrenceKey} />
      )}
      {deletion.dialog}
    </Drawer>
  );
}
