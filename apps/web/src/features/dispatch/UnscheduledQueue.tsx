import type { Job } from '@fieldplan/shared';
import { Draggable } from '@fullcalendar/interaction';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Icon } from '../../components/Icon';
import { RetryLine } from '../../components/LoadFailed';
import { SearchBox } from '../../components/SearchBox';
import { Skeleton } from '../../components/Skeleton';
import { priorityMessages } from '../../entities/job';
import { useListJobsQuery } from '../../entities/job/endpoints';
import { formatJobTime } from '../../entities/job/format-time';
import { Message, useIntl } from '../../lib/i18n';

interface UnscheduledQueueProps {
  workspaceId: string;
  slug: string;
  /** The calendar's search params, kept when a job opens over the board. */
  keep: string;
  /** Dispatchers drag jobs from here onto the calendar. */
  draggable: boolean;
  /** The workspace zone, for the time a queued job already has. */
  zone: string;
  /** The board's filters (technician, status, area, priority) for a job of the queue. */
  keepJob?: (job: Job) => boolean;
}

const defaultMinutes = 60;

/** How long a job lasts when dragged: its own length when it has a time, else the default. */
const minutesOf = (job: Job) =>
  job.start && job.end && !job.allDay
    ? Math.max(15, (Date.parse(job.end) - Date.parse(job.start)) / 60_000)
    : defaultMinutes;

/**
 * Jobs waiting for a time or a technician (the shared `waitsForDispatch`), most urgent first; a
 * timed one shows its time. Drag one onto a technician's row to schedule it.
 */
export function UnscheduledQueue({ workspaceId, slug, keep, draggable, zone, keepJob }: UnscheduledQueueProps) {
  const intl = useIntl();
  const { data, isLoading, isError, refetch } = useListJobsQuery({ workspaceId, queue: true, limit: 100 });
  const [filter, setFilter] = useState('');
  const list = useRef<HTMLUListElement>(null);

  useEffect(() => {
    if (!draggable || !list.current) return;
    // FullCalendar's external dragging: the calendar shows where the job would land and calls `drop`.
    const dragging = new Draggable(list.current, {
      itemSelector: '.queue-item',
      eventData: (el) => ({
        title: (el as HTMLElement).dataset.title ?? '',
        duration: { minutes: Number((el as HTMLElement).dataset.duration ?? defaultMinutes) },
        create: false,
      }),
    });
    return () => dragging.destroy();
  }, [draggable]);

  const jobs = useMemo(() => {
    const items = keepJob ? (data?.items ?? []).filter(keepJob) : (data?.items ?? []);
    const q = filter.trim().toLowerCase();
    if (!q) return items;
    return items.filter((j) => `${j.title} ${j.customerName ?? ''} ${j.address}`.toLowerCase().includes(q));
  }, [data, filter, keepJob]);
  const narrowed = jobs.length < (data?.items.length ?? 0);

  return (
    <section className="queue" aria-labelledby="queue-title">
      <header className="queue-header">
        <h2 id="queue-title">
          <Message id="dispatch.queue.title" />{' '}
          <span className="queue-count">
            {!data ? (
              ''
            ) : narrowed ? (
              <Message id="dispatch.queue.countOf" values={{ shown: jobs.length, total: data.total }} />
            ) : (
              data.total
            )}
          </span>
        </h2>
        <SearchBox
          className="queue-search"
          label={intl.formatMessage({ id: 'dispatch.queue.filterLabel' })}
          placeholder={intl.formatMessage({ id: 'dispatch.queue.filterPlaceholder' })}
          size="sm"
          value={filter}
          onChange={setFilter}
        />
      </header>
      {isLoading && (
        <div className="queue-list" aria-busy="true">
          {[0, 1, 2, 3].map((i) => (
            <div key={i} className="queue-skeleton">
              <Skeleton width="70%" height={12} />
              <Skeleton width="45%" height={10} />
            </div>
          ))}
        </div>
      )}
      {isError && (
        <p className="queue-empty">
          <RetryLine message={intl.formatMessage({ id: 'dispatch.queue.failed' })} onRetry={() => void refetch()} />
        </p>
      )}
      {data && jobs.length === 0 && (
        <p className="queue-empty">
          {narrowed ? <Message id="dispatch.queue.noMatch" /> : <Message id="dispatch.queue.empty" />}
        </p>
      )}
      <ul
        ref={list}
        className="queue-list"
        aria-label={intl.formatMessage({ id: 'dispatch.queue.listLabel' })}
        hidden={!data || jobs.length === 0}
      >
        {jobs.map((job) => (
          <QueueItem
            key={job.id}
            job={job}
            href={`/w/${slug}/jobs/${job.id}${keep}`}
            draggable={draggable}
            zone={zone}
          />
        ))}
      </ul>
      {draggable && data && data.items.length > 0 && (
        <p className="queue-hint">
          <Message id="dispatch.queue.dragHint" />
        </p>
      )}
    </section>
  );
}

function QueueItem({ job, href, draggable, zone }: { job: Job; href: string; draggable: boolean; zone: string }) {
  const intl = useIntl();
  // The card's lines are cut to its width; each keeps its whole text a hover away.
  const waiting =
    job.start === null
      ? undefined
      : intl.formatMessage(
          { id: 'dispatch.queue.noTechnician' },
          { time: formatJobTime(job.start, job.end, job.allDay, zone) },
        );
  return (
    <li
      className={draggable ? 'queue-item queue-item-draggable' : 'queue-item'}
      data-job-id={job.id}
      data-version={job.version}
      data-title={job.title}
      data-duration={minutesOf(job)}
    >
      {draggable && <Icon name="grip" className="queue-grip" />}
      <span
        className={`queue-priority queue-priority-${job.priority}`}
        title={intl.formatMessage(priorityMessages.full, { priority: job.priority })}
      >
        <Message id="dispatch.queue.priority" values={{ priority: job.priority }} />
      </span>
      <span className="queue-text">
        <Link to={href} className="queue-title ellipsis">
          {job.title}
        </Link>
        <span className="queue-meta ellipsis" title={job.customerName ?? job.address ?? undefined}>
          {job.customerName ?? job.address ?? <Message id="dispatch.queue.noCustomer" />}
        </span>
        {job.start !== null && (
          <span className="queue-meta queue-when ellipsis" title={waiting}>
            {waiting}
          </span>
        )}
      </span>
    </li>
  );
}
