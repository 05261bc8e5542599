import type { Job } from '@fieldplan/shared';
import { Badge } from '../../components/Badge';
import { Button } from '../../components/Button';
import { useToastedWrite } from '../../components/use-toasted-write';
import { formatDateTime } from '../../lib/format';
import { useJobNotificationsQuery, useResendNotificationMutation } from './endpoints';
import { kindLabel, statusLabel } from './labels';
import './Notifications.css';

/** On a job's detail, for the office: what the customer was sent and when, why one failed, and resend. */
export function JobNotifications({ workspaceId, job }: { workspaceId: string; job: Job }) {
  const { data: rows = [] } = useJobNotificationsQuery(
    { workspaceId, jobId: job.id, version: job.version },
    { refetchOnMountOrArgChange: true },
  );
  const [resend, { isLoading }] = useResendNotificationMutation();
  const toasted = useToastedWrite();
  if (rows.length === 0) return null;

  const onResend = (id: string) =>
    toasted(() => resend({ workspaceId, jobId: job.id, id }).unwrap(), 'Queued to send again');

  return (
    <section className="job-notifications" aria-label="Customer notifications">
      <h3 className="job-notifications-title">Customer notifications</h3>
      <ul className="job-notifications-list">
        {rows.map((n) => {
          const status = statusLabel[n.status];
          return (
            <li key={n.id} className="job-notification">
              <div className="job-notification-head">
                <span>
                  {kindLabel[n.kind]} · {n.channel === 'email' ? 'Email' : 'Text'} to {n.recipient}
                </span>
                <Badge tone={status.tone}>{status.text}</Badge>
              </div>
              <p className="job-notification-when">
                {n.sentAt ? `Sent ${formatDateTime(n.sentAt)}` : `Due ${formatDateTime(n.dueAt)}`}
                {n.attempts > 1 ? ` · ${n.attempts} attempts` : ''}
              </p>
              {n.reason && <p className="job-notification-reason">{n.reason}</p>}
              {(n.status === 'sent' || n.status === 'dead' || n.status === 'skipped') && (
                <Button size="sm" variant="ghost" loading={isLoading} onClick={() => void onResend(n.id)}>
                  Resend
                </Button>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
