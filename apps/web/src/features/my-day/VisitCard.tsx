import type { JobStatus, StatusActor } from '@fieldplan/shared';
import { Icon } from '../../components/Icon';
import { StatusLabel, statusIcon } from '../../entities/job/job-status';
import { directionsUrl, nextWorkingStep, type Stop, timeWindow, workingStepLabel } from './day';
import type { QueuedChange } from './offline-queue';
import { RefusedChange } from './RefusedChange';

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
}

/** One visit: when, who, where, the drive there, directions and the one big next-status button. */
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
}: VisitCardProps) {
  const { visit, travel } = stop;
  const step = nextWorkingStep({ status, start: visit.start, assigneeIds: visit.assigneeIds }, actor);
  const directions = directionsUrl(visit);
  const done = status === 'completed';
  return (
    <li className={`myday-card${next ? ' myday-card-next' : ''}${done ? ' myday-card-done' : ''}`}>
      {travel && (
        <p className="myday-travel">
          <Icon name="compass" size={14} />
          {travel}
        </p>
      )}
      <article aria-label={`${timeWindow(visit, timeZone)} ${visit.title}`}>
        <header className="myday-card-head">
          <span className="myday-time">{timeWindow(visit, timeZone)}</span>
          <StatusLabel status={status} />
        </header>
        <h2 className="myday-title">{visit.title}</h2>
        {visit.customerName && <p className="myday-customer">{visit.customerName}</p>}
        {visit.address && <p className="myday-address">{visit.address}</p>}
        {waiting.length > 0 && (
          <p className="myday-waiting" role="status">
            <Icon name="clock" size={14} />
            Waiting to be sent: {waiting.map((c) => workingStepLabel(c.status)).join(', then ')}
          </p>
        )}
        {refused.map((c) => (
          <RefusedChange key={c.id} change={c} onDismiss={onDismiss} />
        ))}
        <div className="myday-actions">
          {directions && (
            <a className="myday-directions" href={directions} target="_blank" rel="noopener noreferrer">
              <Icon name="map" size={18} />
              Directions
            </a>
          )}
          {step && (
            <button type="button" className="myday-advance" onClick={() => onAdvance(step.status)}>
              <Icon name={statusIcon[step.status]} size={20} />
              {step.label}
            </button>
          )}
        </div>
      </article>
    </li>
  );
}
