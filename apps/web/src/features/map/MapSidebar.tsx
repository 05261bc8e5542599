import { formatLongDay } from '@fieldplan/shared';
import type { ReactNode } from 'react';
import { Button } from '../../components/Button';
import { DateInput } from '../../components/DateInput';
import { isIsoDate } from '../../components/date-input';
import { Icon } from '../../components/Icon';
import { Skeleton } from '../../components/Skeleton';
import { statusText } from '../../entities/job/job-status';
import { clockIn } from '../../lib/clock';
import { Message, useIntl } from '../../lib/i18n';
import { timeWindow } from './format';
import { RoutesLegend } from './RoutesLegend';
import type { MapJob, MapRoute } from './types';
import { addDays } from './use-map-params';

interface MapSidebarProps {
  /** A place search above the day (moves the map); leave out for none. */
  search?: ReactNode;
  date: string;
  today: string;
  onDate: (date: string) => void;
  jobs: readonly MapJob[];
  routes: readonly MapRoute[];
  /** Why the routes' drive times are straight-line estimates (the routing service failed). */
  travelNotice?: string | undefined;
  zone: string;
  loading: boolean;
  selectedId: string | null;
  onSelect: (job: MapJob) => void;
  onHover: (job: MapJob | null) => void;
  /** Jobs of the day that have no position (not on the map). */
  unplaced: number;
}

/** The day as a heading, in the workspace's date order. */
const dateLabel = (date: string) => formatLongDay(`${date}T00:00:00Z`, clockIn('UTC'));

/** The day picker, the routes legend and the day's jobs as a list (the keyboard's way to the pins). */
export function MapSidebar(props: MapSidebarProps) {
  const intl = useIntl();
  const { date, jobs, routes, zone, loading } = props;
  const outside = jobs.filter((j) => j.outsideAreas).length;
  const ordered = [...jobs].sort((a, b) => a.start.localeCompare(b.start) || a.title.localeCompare(b.title));
  return (
    <aside className="map-side" aria-label={intl.formatMessage({ id: 'map.side.label' })}>
      {props.search}
      <div className="map-day">
        <div className="map-day-nav">
          <Button
            size="sm"
            variant="ghost"
            icon="chevronLeft"
            aria-label={intl.formatMessage({ id: 'map.side.previousDay' })}
            onClick={() => props.onDate(addDays(date, -1))}
          />
          <DateInput
            className="map-date"
            size="sm"
            calendarAlign="start"
            live={false}
            quietError
            aria-label={intl.formatMessage({ id: 'map.side.date' })}
            value={date}
            onChange={(value) => isIsoDate(value) && props.onDate(value)}
          />
          <Button
            size="sm"
            variant="ghost"
            icon="chevronRight"
            aria-label={intl.formatMessage({ id: 'map.side.nextDay' })}
            onClick={() => props.onDate(addDays(date, 1))}
          />
          <Button size="sm" disabled={date === props.today} onClick={() => props.onDate(props.today)}>
            <Message id="map.side.today" />
          </Button>
        </div>
        <p className="map-day-label">{dateLabel(date)}</p>
        <p className="map-day-summary">
          {loading ? (
            <Message id="map.side.loading" />
          ) : (
            <>
              <Message id="map.side.jobsOnMap" values={{ count: jobs.length }} />
              {outside > 0 && (
                <span className="map-flag">
                  <Icon name="alert" size={14} /> <Message id="map.side.outside" values={{ count: outside }} />
                </span>
              )}
              {props.unplaced > 0 && (
                <span className="map-muted">
                  {' · '}
                  <Message id="map.side.unplaced" values={{ count: props.unplaced }} />
                </span>
              )}
            </>
          )}
        </p>
      </div>
      <RoutesLegend routes={routes} notice={props.travelNotice} />
      <section className="map-jobs" aria-label={intl.formatMessage({ id: 'map.side.jobsOfDay' })}>
        {loading ? (
          <div className="map-jobs-loading">
            <Skeleton height={44} />
            <Skeleton height={44} />
            <Skeleton height={44} />
          </div>
        ) : ordered.length === 0 ? (
          <p className="map-empty">
            <Message id="map.side.empty" />
          </p>
        ) : (
          <ul>
            {ordered.map((job) => (
              <li key={job.id}>
                <button
                  type="button"
                  className="map-side-row map-job"
                  aria-current={props.selectedId === job.id ? 'true' : undefined}
                  onClick={() => props.onSelect(job)}
                  onMouseEnter={() => props.onHover(job)}
                  onMouseLeave={() => props.onHover(null)}
                  onFocus={() => props.onHover(job)}
                  onBlur={() => props.onHover(null)}
                >
                  <span className="map-job-dot" style={{ background: job.colour }} aria-hidden="true" />
                  <span className="map-job-time">{timeWindow(job, zone)}</span>
                  <span className="map-job-title">{job.title}</span>
                  <span className="map-job-meta">
                    {statusText(job.status)} · {job.technicianNames.join(', ')}
                  </span>
                  {job.outsideAreas && (
                    <span className="map-job-outside">
                      <Message id="map.side.jobOutside" />
                    </span>
                  )}
                </button>
              </li>
            ))}
          </ul>
        )}
      </section>
    </aside>
  );
}
