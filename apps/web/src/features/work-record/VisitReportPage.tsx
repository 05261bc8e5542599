import { formatDateTime } from '@fieldplan/shared';
import { Link, useParams, useSearchParams } from 'react-router';
import { Button } from '../../components/Button';
import { EmptyState } from '../../components/EmptyState';
import { Fact } from '../../components/Fact';
import { Loading, Skeleton } from '../../components/Skeleton';
import { useGetJobQuery } from '../../entities/job/endpoints';
import { formatJobTime } from '../../entities/job/format-time';
import { useVisitRecordQuery } from '../../entities/record/endpoints';
import type { VisitRecord } from '../../entities/record/types';
import { useGetWorkspaceQuery } from '../../entities/workspace/endpoints';
import { useWorkspace } from '../../entities/workspace/use-workspace';
import { clockIn } from '../../lib/clock';
import { Message, useIntl } from '../../lib/i18n';
import { problemMessage, toProblem } from '../../lib/problem';
import { useDocumentTitle } from '../../lib/use-document-title';
import { VisitRecordView } from './VisitRecordView';
import './VisitRecord.css';

type StatusTimes = Partial<Record<'en_route' | 'in_progress' | 'completed', string | null>>;

/** A time on site in the workspace's zone, formats and the page's language. */
const timeIn = (iso: string, timeZone: string) => formatDateTime(iso, clockIn(timeZone));

/**
 * `/w/:slug/jobs/:id/report[?occurrence=…]`: one visit's report to print or save as PDF — the customer,
 * the times on site from its status changes, notes, photos, checklist answers and the signature.
 */
export function VisitReportPage() {
  const intl = useIntl();
  const { workspaceId, slug } = useWorkspace();
  const { id = '' } = useParams();
  const [params] = useSearchParams();
  const occurrence = params.get('occurrence') || null;
  const { data: job, error: jobError, isLoading: jobLoading } = useGetJobQuery({ workspaceId, id });
  const { data: record, error, isLoading } = useVisitRecordQuery({ workspaceId, jobId: id, occurrence });
  const { data: workspace } = useGetWorkspaceQuery(workspaceId);
  useDocumentTitle(
    job
      ? intl.formatMessage({ id: 'workRecord.report.title' }, { title: job.title })
      : intl.formatMessage({ id: 'workRecord.report.titleNone' }),
  );
  const zone = workspace?.timeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone;

  if (jobLoading || isLoading) {
    return (
      <Loading label={intl.formatMessage({ id: 'workRecord.report.loading' })}>
        <Skeleton width="50%" height={24} />
        <Skeleton height={120} />
      </Loading>
    );
  }
  if (!job || !record) {
    return (
      <EmptyState icon="alert" title={intl.formatMessage({ id: 'workRecord.report.loadFailed' })}>
        {problemMessage(toProblem(jobError ?? error))}
      </EmptyState>
    );
  }
  const times = (record as VisitRecord & { statusTimes?: StatusTimes }).statusTimes ?? {};
  const start = occurrence && occurrence.length > 10 ? occurrence : job.start;
  const end =
    start && job.start && job.end
      ? new Date(Date.parse(start) + Date.parse(job.end) - Date.parse(job.start)).toISOString()
      : job.end;
  const back = `/w/${slug}/jobs/${encodeURIComponent(id)}${occurrence ? `?occurrence=${encodeURIComponent(occurrence)}` : ''}`;
  return (
    <article className="vreport" aria-labelledby="vreport-title">
      <div className="vreport-tools">
        <Link to={back}>
          <Message id="workRecord.report.back" />
        </Link>
        <Button variant="primary" onClick={() => window.print()}>
          <Message id="workRecord.report.print" />
        </Button>
      </div>
      <header>
        <p className="vr-meta">{workspace?.name}</p>
        <h1 id="vreport-title">
          <Message id="workRecord.report.heading" values={{ title: job.title }} />
        </h1>
      </header>
      <dl className="vreport-facts">
        <Fact term={<Message id="workRecord.report.customer" />}>{job.customerName ?? '—'}</Fact>
        <Fact term={<Message id="workRecord.report.site" />}>{job.address || '—'}</Fact>
        <Fact term={<Message id="workRecord.report.booked" />}>{formatJobTime(start, end, job.allDay, zone)}</Fact>
        <Fact term={<Message id="workRecord.report.onTheWay" />}>
          {times.en_route ? timeIn(times.en_route, zone) : '—'}
        </Fact>
        <Fact term={<Message id="workRecord.report.started" />}>
          {times.in_progress ? timeIn(times.in_progress, zone) : '—'}
        </Fact>
        <Fact term={<Message id="workRecord.report.completed" />}>
          {times.completed ? timeIn(times.completed, zone) : '—'}
        </Fact>
      </dl>
      <VisitRecordView record={record} timeZone={zone} headingLevel={2} />
    </article>
  );
}
