import type { JobStatus, StatusActor } from '@fieldplan/shared';
import { useLayoutEffect, useRef } from 'react';
import { Message, useIntl } from '../../lib/i18n';
import { DoneSection } from './DoneSection';
import type { Stop } from './day';
import { type DayOrder, isClosed } from './order';
import type { QueuedChange } from './status-outbox';
import { VisitCard } from './VisitCard';
import { WorkRecordLink } from './WorkRecordLink';

interface DayVisitsProps {
  order: DayOrder;
  /** The day shown (`YYYY-MM-DD`). */
  date: string;
  timeZone: string;
  statusOf: (stop: Stop) => JobStatus;
  actor: StatusActor;
  changes: readonly QueuedChange[];
  onAdvance: (stop: Stop, to: JobStatus) => void;
  onDismiss: (id: string) => void;
}

/** The day's cards: what is left to do, the next visit on top, then "Done (n)" folded below. */
export function DayVisits({ order, date, timeZone, statusOf, actor, changes, onAdvance, onDismiss }: DayVisitsProps) {
  const intl = useIntl();
  const root = useRef<HTMLDivElement>(null);
  // A visit done leaves the list with the button just pressed: the focus goes on to the next visit's
  // button (or to "Done" when none is left), not back to the top of the page. The change is queued
  // first (the outbox is asynchronous), so the focus moves on the render in which the card has gone.
  const leaving = useRef<string | null>(null);
  const advance = (stop: Stop, to: JobStatus) => {
    leaving.current = isClosed(to) ? stop.visit.id : null;
    onAdvance(stop, to);
  };
  useLayoutEffect(() => {
    const id = leaving.current;
    if (!id) return;
    if (order.open.some((stop) => stop.visit.id === id)) {
      // Not gone yet; if the change was refused the card stays, and so does the focus.
      if (changes.some((c) => c.visitId === id && c.failure)) leaving.current = null;
      return;
    }
    leaving.current = null;
    root.current?.querySelector<HTMLElement>('.myday-todo .myday-advance, .myday-done-toggle')?.focus();
  });
  const card = (stop: Stop, next: boolean) => {
    const mine = changes.filter((c) => c.visitId === stop.visit.id);
    return (
      <VisitCard
        key={stop.visit.id}
        stop={stop}
        timeZone={timeZone}
        status={statusOf(stop)}
        actor={actor}
        next={next}
        waiting={mine.filter((c) => !c.failure)}
        refused={mine.filter((c) => c.failure)}
        onAdvance={(to) => advance(stop, to)}
        onDismiss={onDismiss}
        actions={<WorkRecordLink visit={stop.visit} date={date} />}
      />
    );
  };
  return (
    <div ref={root}>
      {order.open.length > 0 ? (
        <ol className="plain-list myday-list myday-todo" aria-label={intl.formatMessage({ id: 'myDay.list.toDo' })}>
          {order.open.map((stop, i) => card(stop, i === 0))}
        </ol>
      ) : (
        <p className="myday-all-done" role="status">
          <Message id="myDay.list.allDone" />
        </p>
      )}
      <DoneSection count={order.closed.length}>{order.closed.map((stop) => card(stop, false))}</DoneSection>
    </div>
  );
}
