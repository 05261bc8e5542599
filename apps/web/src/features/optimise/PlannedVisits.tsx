import type { PlannedVisit } from '@fieldplan/shared';
import { Badge } from '../../components/Badge';
import { formatClock } from '../../entities/job/format-time';
import { Message } from '../../lib/i18n';

interface PlannedVisitsProps {
  visits: readonly PlannedVisit[];
  /** The visits are a plan (else today's order, nothing moves). */
  planned: boolean;
  zone: string;
}

/** The day's visits in the planned order: what moves (old → new time), what is fixed. */
export function PlannedVisits({ visits, planned, zone }: PlannedVisitsProps) {
  if (visits.length === 0)
    return (
      <p className="opt-none">
        <Message id="optimise.visits.none" />
      </p>
    );
  return (
    <section className="opt-visits-section" aria-labelledby="opt-visits-title">
      <h3 id="opt-visits-title" className="opt-subtitle">
        {planned ? <Message id="optimise.visits.plannedTitle" /> : <Message id="optimise.visits.todayTitle" />}
      </h3>
      <ol className="plain-list opt-visits">
        {visits.map((v) => {
          const moved = v.start !== v.currentStart;
          const time = `${formatClock(v.start, zone)}–${formatClock(v.end, zone)}`;
          return (
            <li key={v.jobId} className={`opt-visit${moved ? ' opt-visit-moved' : ''}`}>
              <span className="opt-visit-time">
                {moved && (
                  <>
                    <s className="opt-visit-old">{formatClock(v.currentStart, zone)}</s>
                    <span aria-hidden="true"> → </span>
                    <span className="visually-hidden">
                      {' '}
                      <Message id="optimise.visits.movesTo" />{' '}
                    </span>
                  </>
                )}
                <span className="opt-visit-new">{time}</span>
              </span>
              <span className="opt-visit-title ellipsis">{v.title}</span>
              <Badge tone={v.fixed ? 'neutral' : moved ? 'accent' : 'success'}>
                {v.fixed ? (
                  <Message id="optimise.visits.fixed" />
                ) : moved ? (
                  <Message id="optimise.visits.moves" />
                ) : (
                  <Message id="optimise.visits.flexible" />
                )}
              </Badge>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
