import { defaultTravelSettings, type JobStatus } from '@fieldplan/shared';
import { useEffect, useMemo, useRef, useSyncExternalStore } from 'react';
import { useSearchParams } from 'react-router';
import { EmptyState } from '../../components/EmptyState';
import { Icon } from '../../components/Icon';
import { Skeleton } from '../../components/Skeleton';
import { useGetConfigQuery } from '../../entities/session/endpoints';
import { useWorkspace } from '../../entities/workspace/use-workspace';
import { Message, useIntl } from '../../lib/i18n';
import { problemMessage, toProblem } from '../../lib/problem';
import { useDocumentTitle } from '../../lib/use-document-title';
import { DayVisits } from './DayVisits';
import { dayTitle, isDate, localDate, type Stop, shiftDate, shortDate, stopsOf } from './day';
import { useGetMyDayQuery } from './endpoints';
import { dayOrder } from './order';
import { RefusedChange } from './RefusedChange';
import { keepForOffline, registerServiceWorker } from './register-sw';
import { SharingSwitch } from './SharingSwitch';
import { pendingStatus } from './status-outbox';
import { useShiftEnd } from './use-shift-end';
import { useStatusQueue } from './use-status-queue';
import './MyDay.css';

const subscribeOnline = (onChange: () => void) => {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
};

/** `/w/:slug/my-day`: the technician's day on a phone (DESIGN.md "The technician's phone"). */
export function MyDayPage() {
  const intl = useIntl();
  const { workspaceId, role, membership } = useWorkspace();
  const [params, setParams] = useSearchParams();
  const today = localDate(new Date());
  const date = isDate(params.get('date')) ? (params.get('date') as string) : today;
  const goTo = (next: string) => setParams(next === today ? {} : { date: next }, { replace: true });
  const online = useSyncExternalStore(subscribeOnline, () => navigator.onLine);
  const { data: config } = useGetConfigQuery();
  const {
    data: day,
    error,
    isLoading,
    isFetching,
  } = useGetMyDayQuery(
    { workspaceId, date }, // Live through the realtime channel (live.ts); the slow poll is a safety net for a channel that is down.
    { pollingInterval: 300_000, skipPollingIfUnfocused: true },
  );
  const queue = useStatusQueue(workspaceId);
  useDocumentTitle(intl.formatMessage({ id: 'myDay.page.title' }, { day: dayTitle(date, today) }));
  useEffect(registerServiceWorker, []);
  // A day loaded before the worker took over (the first visit) is handed to it for offline reading.
  useEffect(() => {
    if (day) keepForOffline().catch(() => undefined);
  }, [day]);

  // The travel words are in the page's language: drawn again when it changes.
  const stops = useMemo(
    () => (day && intl ? stopsOf(day, config?.travel ?? defaultTravelSettings) : []),
    [day, config, intl],
  );
  const statusOf = (stop: Stop) => pendingStatus(queue.changes, stop.visit.id) ?? stop.visit.status;
  const order = dayOrder(stops, statusOf);
  useShiftEnd(day && date === today ? { openCount: order.open.length, total: stops.length } : null);
  // Refusals of visits not on the day shown (the job went to someone else, or to another day).
  const shown = new Set(stops.map((s) => s.visit.id));
  const refusedElsewhere = day ? queue.changes.filter((c) => c.failure && !shown.has(c.visitId)) : [];

  const swipe = useRef<{ x: number; y: number } | null>(null);
  const onPointerUp = (event: React.PointerEvent) => {
    const start = swipe.current;
    swipe.current = null;
    if (!start || event.pointerType === 'mouse') return;
    const dx = event.clientX - start.x;
    const dy = event.clientY - start.y;
    if (Math.abs(dx) > 70 && Math.abs(dx) > 2 * Math.abs(dy)) goTo(shiftDate(date, dx < 0 ? 1 : -1));
  };

  const advance = ({ visit }: Stop, to: JobStatus) => {
    queue.add({
      workspaceId,
      jobId: visit.jobId,
      visitId: visit.id,
      occurrence: visit.occurrence,
      version: visit.version,
      status: to,
      title: visit.title,
    });
  };

  return (
    <div className="myday">
      <header className="myday-head">
        <div className="myday-nav">
          <button
            type="button"
            className="myday-arrow"
            aria-label={intl.formatMessage({ id: 'myDay.page.previousDay' })}
            onClick={() => goTo(shiftDate(date, -1))}
          >
            <Icon name="chevronLeft" size={20} />
          </button>
          <h1 className="myday-date">
            {dayTitle(date, today)}
            {dayTitle(date, today) !== shortDate(date) && <span className="myday-subtitle">{shortDate(date)}</span>}
            {date !== today && (
              <button type="button" className="myday-today" onClick={() => goTo(today)}>
                <Message id="myDay.page.backToToday" />
              </button>
            )}
          </h1>
          <button
            type="button"
            className="myday-arrow"
            aria-label={intl.formatMessage({ id: 'myDay.page.nextDay' })}
            onClick={() => goTo(shiftDate(date, 1))}
          >
            <Icon name="chevronRight" size={20} />
          </button>
        </div>
        <SharingSwitch />
        {(!online || queue.waiting) && (
          <p className={`myday-sync${online ? '' : ' myday-sync-offline'}`} role="status">
            <Icon name={online ? 'clock' : 'alert'} size={16} />
            {queue.waiting ? (
              <Message id="myDay.page.syncWaiting" values={{ online: online ? 'yes' : 'no', waiting: queue.waiting }} />
            ) : (
              <Message id="myDay.page.offline" />
            )}
          </p>
        )}
        {refusedElsewhere.length > 0 && (
          <section className="myday-refused-list" aria-label={intl.formatMessage({ id: 'myDay.page.refusedList' })}>
            {refusedElsewhere.map((c) => (
              <RefusedChange key={c.id} change={c} withTitle onDismiss={queue.dismiss} />
            ))}
          </section>
        )}
      </header>

      <section
        className="myday-body"
        aria-label={intl.formatMessage({ id: 'myDay.page.jobsOf' }, { day: dayTitle(date, today) })}
        aria-busy={isFetching}
        onPointerDown={(e) => {
          swipe.current = { x: e.clientX, y: e.clientY };
        }}
        onPointerUp={onPointerUp}
        onPointerCancel={() => {
          swipe.current = null;
        }}
      >
        {isLoading ? (
          <ul className="plain-list myday-list" aria-label={intl.formatMessage({ id: 'myDay.page.loading' })}>
            {[0, 1, 2].map((i) => (
              <li key={i} className="card myday-card myday-card-skeleton">
                <Skeleton width="40%" height={14} />
                <Skeleton width="80%" height={20} />
                <Skeleton width="60%" height={14} />
                <Skeleton height={48} />
              </li>
            ))}
          </ul>
        ) : !day ? (
          <EmptyState icon="alert" title={intl.formatMessage({ id: 'myDay.page.loadFailed' })} level={2}>
            {problemMessage(toProblem(error))}
          </EmptyState>
        ) : stops.length === 0 ? (
          <EmptyState
            icon="calendar"
            title={intl.formatMessage({ id: 'myDay.page.noJobs' }, { today: date === today ? 'yes' : 'no' })}
            level={2}
          >
            <Message id="myDay.page.noJobsText" values={{ today: date === today ? 'yes' : 'no' }} />
          </EmptyState>
        ) : (
          <DayVisits
            order={order}
            date={date}
            timeZone={day.timeZone}
            statusOf={statusOf}
            actor={{ role, memberId: membership.memberId }}
            changes={queue.changes}
            onAdvance={advance}
            onDismiss={queue.dismiss}
          />
        )}
      </section>
    </div>
  );
}
