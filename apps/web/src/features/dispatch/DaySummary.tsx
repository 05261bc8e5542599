import { formatLongDay, formatVisitTime, type Member } from '@fieldplan/shared';
import { Link } from 'react-router';
import { Avatar } from '../../components/Avatar';
import { FactRow } from '../../components/Fact';
import { Icon } from '../../components/Icon';
import { TableHead } from '../../components/TableHead';
import type { CalendarVisit } from '../../entities/job/calendar-visit';
import { formatClock } from '../../entities/job/format-time';
import { clockIn } from '../../lib/clock';
import { Message, useIntl } from '../../lib/i18n';
import { summariseDay } from './day-summary';

interface DaySummaryProps {
  visits: readonly CalendarVisit[];
  date: string;
  zone: string;
  members: readonly Member[];
  /** Builds the link that opens a job over the board. */
  jobHref: (visit: CalendarVisit) => string;
  loading: boolean;
  /** "Optimise day" per technician; absent for those who can't change the schedule. */
  onOptimise?: ((memberId: string) => void) | undefined;
}

const hours = (minutes: number) => (minutes === 0 ? '—' : `${Math.round((minutes / 60) * 10) / 10} h`);

/** Beside the board's map (its Summary tab): who has how much work on the day, and double bookings. */
export function DaySummary({ visits, date, zone, members, jobHref, loading, onOptimise }: DaySummaryProps) {
  const intl = useIntl();
  const summary = summariseDay(visits, date, zone, members);
  const technician = intl.formatMessage({ id: 'dispatch.summary.technician' });
  const names = new Map(members.map((m) => [m.id, m.name]));
  return (
    <section className="summary" aria-labelledby="summary-title">
      <header className="summary-header">
        <h2 id="summary-title">
          <Message id="dispatch.summary.title" />
        </h2>
        <p className="summary-date">{formatLongDay(`${date}T00:00:00Z`, clockIn('UTC'))}</p>
      </header>
      <dl className="summary-totals">
        <FactRow term={<Message id="dispatch.summary.jobs" />}>{loading ? '…' : summary.total}</FactRow>
        <FactRow term={<Message id="dispatch.summary.unassigned" />}>{loading ? '…' : summary.unassigned}</FactRow>
        <FactRow
          term={<Message id="dispatch.summary.doubleBooked" />}
          className={summary.flagged > 0 ? 'summary-alert' : undefined}
        >
          {loading ? '…' : summary.flagged}
        </FactRow>
      </dl>
      <h3 className="summary-subtitle">
        <Message id="dispatch.summary.technicians" />
      </h3>
      <table className="data-table summary-table">
        <TableHead
          columns={[
            technician,
            intl.formatMessage({ id: 'dispatch.summary.jobs' }),
            intl.formatMessage({ id: 'dispatch.summary.booked' }),
          ]}
          hiddenLast={onOptimise ? intl.formatMessage({ id: 'dispatch.summary.optimise' }) : undefined}
        />
        <tbody>
          {summary.technicians.map((t) => (
            <tr key={t.id}>
              <th scope="row">
                <Avatar name={t.name} colour={t.colour} size="sm" />
                <span>{t.name}</span>
              </th>
              <td>{t.jobs}</td>
              <td>{hours(t.minutes)}</td>
              {onOptimise && (
                <td>
                  <button
                    type="button"
                    className="icon-button summary-optimise"
                    aria-label={intl.formatMessage({ id: 'dispatch.summary.optimiseFor' }, { name: t.name })}
                    title={intl.formatMessage({ id: 'dispatch.summary.optimiseDay' })}
                    onClick={() => onOptimise(t.id)}
                  >
                    <Icon name="route" />
                  </button>
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
      <h3 className="summary-subtitle">
        <Message id="dispatch.summary.doubleBookings" />
      </h3>
      {summary.flagged === 0 ? (
        <p className="summary-none">
          <Icon name="circleCheck" size={14} /> <Message id="dispatch.summary.noDoubles" />
        </p>
      ) : (
        <ul className="plain-list summary-doubles">
          {summary.doubles.map(({ a, b, technicianIds }) => (
            <li key={`${a.id}|${b.id}`}>
              <span className="summary-double-who">
                <Icon name="alert" size={14} />
                {technicianIds.map((id) => names.get(id) ?? technician).join(', ')}
              </span>
              <Link to={jobHref(a)}>
                {formatClock(formatVisitTime(a.start, a.allDay), zone)} {a.job.title}
              </Link>
              <Link to={jobHref(b)}>
                {formatClock(formatVisitTime(b.start, b.allDay), zone)} {b.job.title}
              </Link>
            </li>
          ))}
          {summary.lone.map(({ visit, onBusy, withHidden }) => (
            <li key={visit.id}>
              <span className="summary-double-who">
                <Icon name="alert" size={14} />
                {visit.assigneeIds.map((id) => names.get(id) ?? technician).join(', ')}
              </span>
              <Link to={jobHref(visit)}>
                {formatClock(formatVisitTime(visit.start, visit.allDay), zone)} {visit.job.title}
              </Link>
              <span className="summary-double-other">
                {intl.formatMessage(
                  { id: 'dispatch.summary.clashWith' },
                  { with: onBusy && withHidden ? 'both' : onBusy ? 'busy' : withHidden ? 'hidden' : 'none' },
                )}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
