import { Message } from '../../lib/i18n';
import { workingStepLabel } from './day';
import type { QueuedChange } from './status-outbox';

/**
 * A status change the server refused when it was sent: what was tapped, why it did not
 * go, and a way to put it away. `withTitle` names the job, for a change whose visit is no longer on
 * the day shown (given to someone else, moved to another day).
 */
export function RefusedChange({
  change,
  withTitle = false,
  onDismiss,
}: {
  change: QueuedChange;
  withTitle?: boolean;
  onDismiss: (id: string) => void;
}) {
  return (
    <div className="myday-refused" role="alert">
      <p>
        {withTitle && (
          <span className="myday-refused-job">{change.title ?? <Message id="myDay.refused.jobGone" />}: </span>
        )}
        <strong>{workingStepLabel(change.status)}</strong> — {change.failure?.message}
      </p>
      <button type="button" className="myday-dismiss" onClick={() => onDismiss(change.id)}>
        <Message id="myDay.refused.dismiss" />
      </button>
    </div>
  );
}
