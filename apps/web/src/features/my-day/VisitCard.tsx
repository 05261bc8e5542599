import type { JobStatus, StatusActor } from '@fieldplan/shared';
import type { ReactNode } from 'react';
import { Icon } from '../../components/Icon';
import { StatusLabel, statusIcon } from '../../entities/job/job-status';
import { Message, useIntl } from '../../lib/i18n';
import { ContactLinks } from './ContactLinks';
import { nextWorkingStep, type Stop, stepButtonLabel, timeWindow, workingStepLabel } from './day';
import { isClosed } from './order';
import { RefusedChange } from './RefusedChange';
import { SharingHint } from './SharingHint';
import { SiteNotes } from './SiteNotes';
import type { QueuedChange } from './status-outbox';

interface VisitCardProps {
  stop: Stop;
  timeZone: string;
  /** The status shown: the last change waiting to be sent, else the server's. */
  status: JobStatus;
  /** Who looks: the shared state machine says which step, if any, is theirs to take. */
  actor: StatusActor;
  /** The day's next visit: its card leads. */
  next: boolean;
  waiting: QueuedChange[];
  refused: QueuedChange[];
  onAdvance: (to: JobStatus) => void;
  onDismiss: (id: string) => void;
  /** More sections of the visit, between the contact links and the actions. */
  children?: ReactNode;
  /** Secondary actions (such as the work record link), beside the big status button. */
  actions?: ReactNode;
}

/**
 * One visit: when, what and where; how to get in and reach the customer; what is waiting to be
 * sent; and the one big next-status button.
 */
export function VisitCard({
  stop,
  timeZone,
  status,
  actor,
  next,
  waiting,
  refused,
  onAdvance,
  onDismiss,
  children,
  actions,
}: VisitCardProps) {
  const intl = useIntl();
  const { visit, travel } = stop;
  const step = nextWorkingStep({ status, start: visit.start, assigneeIds: visit.assigneeIds }, actor);
  const closed = isClosed(status);
  return (
    <li className={`card myday-card${next ? ' myday-card-next' : ''}${closed ? ' myday-card-done' : ''}`}>
      {travel && !closed && (
        <p className="myday-travel">
          <Icon name="compass" size={14} />
          {travel}
        </p>
      )}
      <article
        aria-label={intl.formatMessage(
          { id: 'myDay.card.label' },
          { time: timeWindow(visit, timeZone), title: visit.title },
        )}
      >
        <header className="myday-card-head">
          <span className="myday-time">{timeWindow(visit, timeZone)}</span>
          <StatusLabel status={status} />
        </header>
        <h2 className="myday-title">{visit.title}</h2>
        {visit.customerName && <p className="myday-customer">{visit.customerName}</p>}
        {visit.address && <p className="myday-address">{visit.address}</p>}
        {!closed && <SiteNotes visit={visit} />}
        {status === 'en_route' && <SharingHint />}
        {waiting.length > 0 && (
          <p className="myday-waiting" role="status">
            <Icon name="clock" size={14} />
            <Message
              id="myDay.card.waiting"
              values={{
                steps: waiting
                  .map((c) => workingStepLabel(c.status))
                  .reduce((before, after) => intl.formatMessage({ id: 'myDay.card.waitingThen' }, { before, after })),
              }}
            />
          </p>
        )}
        {refused.map((c) => (
          <RefusedChange key={c.id} change={c} onDismiss={onDismiss} />
        ))}
        {!closed && <ContactLinks visit={visit} />}
        {children}
        {(actions || step) && (
          <div className="myday-actions">
            {actions}
            {step && (
              <button type="button" className="myday-advance" onClick={() => onAdvance(step.status)}>
                <Icon name={statusIcon[step.status]} size={20} />
                {stepButtonLabel(status, step.status)}
              </button>
            )}
          </div>
        )}
      </article>
    </li>
  );
}
