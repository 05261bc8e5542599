import { can, type Role, wallToInstant } from '@fieldplan/shared';
import { useMemo } from 'react';
import type { IntlShape, MessageDescriptor } from 'react-intl';
import { Link } from 'react-router';
import { Icon, type IconName } from '../../components/Icon';
import { RetryLine } from '../../components/LoadFailed';
import { Panel } from '../../components/Panel';
import { Loading, Skeleton } from '../../components/Skeleton';
import { useListFeedsQuery } from '../../entities/feed/endpoints';
import { useGetCalendarEventsQuery } from '../../entities/job/calendar-endpoints';
import type { CalendarVisit } from '../../entities/job/calendar-visit';
import { useListJobsQuery } from '../../entities/job/endpoints';
import { formatClock } from '../../entities/job/format-time';
import { useGetTravelLegsQuery } from '../../entities/travel/endpoints';
import { defineMessages, Message, useIntl } from '../../lib/i18n';
import { useNow } from '../../lib/use-now';
import { tightDrives, todayIn } from '../calendar';
import { type Attention, attentionOf } from './attention';
import { boardLink, shiftDay } from './today-links';

interface TodayGlanceProps {
  workspaceId: string;
  slug: string;
  zone: string;
  role: Role;
  memberId: string;
}

const noVisits: CalendarVisit[] = [];

/** Today at a glance: what needs attention now, each line a link to the board filtered to it. */
export function TodayGlance({ workspaceId, slug, zone, role, memberId }: TodayGlanceProps) {
  const intl = useIntl();
  const now = useNow(60_000);
  const today = todayIn(zone, now);
  const technician = !can(role, 'job.status.any') && can(role, 'job.status.own');
  const range = { workspaceId, start: shiftDay(today, -7), end: shiftDay(today, 1), technicianId: null, status: '' };
  const events = useGetCalendarEventsQuery(range);
  const legs = useGetTravelLegsQuery({ workspaceId, start: today, end: shiftDay(today, 1) });
  // The board's queue (one-off jobs waiting for a time or a technician), the same request as its
  // pane: the count here is the count there.
  const queue = useListJobsQuery({ workspaceId, queue: true, limit: 100 }, { skip: technician });
  const feeds = useListFeedsQuery(workspaceId, { skip: technician });

  const todayStart = wallToInstant(zone, Date.parse(`${today}T00:00:00Z`));
  const attention = useMemo(() => {
    const all = events.data ?? noVisits;
    const todays = all.filter((v) => v.end > todayStart);
    const shortDrives = tightDrives(todays, legs.data, zone);
    return attentionOf({
      now,
      todayStart,
      visits: all,
      shortDrives,
      unscheduled: queue.data?.total ?? null,
      feeds: feeds.data ?? null,
      onlyMemberId: technician ? memberId : null,
    });
  }, [events.data, legs.data, queue.data, feeds.data, now, todayStart, zone, technician, memberId]);

  return (
    <Panel
      flush
      title={intl.formatMessage({ id: 'overview.today.title' })}
      description={
        technician
          ? intl.formatMessage({ id: 'overview.today.technicianHint' })
          : intl.formatMessage({ id: 'overview.today.hint' })
      }
    >
      {events.isLoading ? (
        <Loading label={intl.formatMessage({ id: 'overview.today.loading' })}>
          <Skeleton height={40} />
          <div style={{ height: 8 }} />
          <Skeleton height={40} />
        </Loading>
      ) : events.isError ? (
        <p className="glance-empty" role="status">
          <RetryLine
            message={intl.formatMessage({ id: 'overview.today.loadFailed' })}
            onRetry={() => events.refetch()}
          />
        </p>
      ) : (
        <GlanceLines attention={attention} slug={slug} today={today} zone={zone} technician={technician} />
      )}
    </Panel>
  );
}

interface Line {
  key: string;
  icon: IconName;
  count: number;
  label: string;
  detail?: string | undefined;
  href: string;
  tone: 'warn' | 'info';
}

const glance = defineMessages({
  unscheduled: { id: 'overview.today.unscheduled' },
  overdue: { id: 'overview.today.overdue' },
  lateStarts: { id: 'overview.today.lateStarts' },
  shortDrives: { id: 'overview.today.shortDrives' },
  doubleBooked: { id: 'overview.today.doubleBooked' },
  failingFeeds: { id: 'overview.today.failingFeeds' },
  enRoute: { id: 'overview.today.enRoute' },
  onSite: { id: 'overview.today.onSite' },
});
/** The statuses of a visit not yet done. */
const open = 'scheduled,en_route,in_progress';

function linesOf(
  intl: IntlShape,
  a: Attention,
  slug: string,
  today: string,
  zone: string,
  technician: boolean,
): Line[] {
  const myDay = `/w/${slug}/my-day`;
  const board = (filter: { status?: string; view?: string } = {}) =>
    technician ? myDay : boardLink(slug, today, filter);
  const first = (visits: Attention['overdue']) =>
    visits[0] ? `${visits[0].job.title} · ${formatClock(new Date(visits[0].start).toISOString(), zone)}` : undefined;
  /** A line when there is something to count: its label says the count, warnings before news. */
  const line = (
    key: string,
    icon: IconName,
    count: number | null,
    label: MessageDescriptor,
    href: string,
    more: Partial<Line> = {},
  ): Line[] =>
    count ? [{ key, icon, count, label: intl.formatMessage(label, { count }), href, tone: 'warn', ...more }] : [];
  return [
    ...line('unscheduled', 'inbox', a.unscheduled, glance.unscheduled, board()),
    ...line('overdue', 'alert', a.overdue.length, glance.overdue, board({ view: 'listWeek', status: open }), {
      detail: first(a.overdue),
    }),
    ...line('late', 'clock', a.lateStarts.length, glance.lateStarts, board({ status: 'scheduled' }), {
      detail: first(a.lateStarts),
    }),
    ...line('drives', 'route', a.shortDrives, glance.shortDrives, board()),
    ...line('double', 'users', a.doubleBooked.length, glance.doubleBooked, board(), { detail: first(a.doubleBooked) }),
    ...line('feeds', 'calendar', a.failingFeeds.length, glance.failingFeeds, `/w/${slug}/feeds`, {
      detail: a.failingFeeds.map((f) => f.name).join(', '),
    }),
    ...line('en-route', 'arrowRight', a.enRoute.length, glance.enRoute, board({ status: 'en_route' }), {
      detail: first(a.enRoute),
      tone: 'info',
    }),
    ...line('on-site', 'play', a.onSite.length, glance.onSite, board({ status: 'in_progress' }), {
      detail: first(a.onSite),
      tone: 'info',
    }),
  ];
}

function GlanceLines(props: { attention: Attention; slug: string; today: string; zone: string; technician: boolean }) {
  const { attention, slug, today, zone, technician } = props;
  const intl = useIntl();
  const lines = linesOf(intl, attention, slug, today, zone, technician);
  return (
    <>
      {attention.allClear && (
        <p className="glance-clear" role="status">
          <Icon name="circleCheck" size={20} />{' '}
          {technician ? (
            <Message
              id="overview.today.allClearTechnician"
              values={{ strong: (chunks) => <strong>{chunks}</strong> }}
            />
          ) : (
            <Message id="overview.today.allClear" values={{ strong: (chunks) => <strong>{chunks}</strong> }} />
          )}
        </p>
      )}
      {lines.length > 0 && (
        <ul className="plain-list glance-list" aria-label={intl.formatMessage({ id: 'overview.today.listLabel' })}>
          {lines.map((line) => (
            <li key={line.key} className={`glance-line glance-${line.tone}`} data-glance={line.key}>
              <Link to={line.href} className="glance-link">
                <Icon name={line.icon} size={18} />
                <span className="glance-count">{line.count}</span>{' '}
                <span className="glance-text">
                  <span className="glance-label">{line.label}</span>
                  {line.detail && <span className="glance-detail ellipsis">{` ${line.detail}`}</span>}
                </span>
                <Icon name="arrowRight" size={14} />
              </Link>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
