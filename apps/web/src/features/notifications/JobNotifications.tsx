import type { Job } from '@fieldplan/shared';
import { Badge } from '../../components/Badge';
import { Button } from '../../components/Button';
import { useToastedWrite } from '../../components/use-toasted-write';
import { formatDateTime } from '../../lib/format';
import { Message, useIntl } from '../../lib/i18n';
import { useJobNotificationsQuery, useResendNotificationMutation } from './endpoints';
import { kindLabel, statusLabel } from './labels';
import './Notifications.css';

/** On a job's detail, for the office: what the customer was sent and when, why one failed, and resend. */
export function JobNotifications({ workspaceId, job }: { workspaceId: string; job: Job }) {
  const intl = useIntl();
  const { data: rows = [] } = useJobNotificationsQuery(
    { workspaceId, jobId: job.id, version: job.version },
    { refetchOnMountOrArgChange: true },
  );
  const [resend, { isLoading }] = useResendNotificationMutation();
  const toasted = useToastedWrite();
  if (rows.length === 0) return null;

  const onResend = (id: string) =>
    toasted(
      () => resend({ workspaceId, jobId: job.id, id }).unwrap(),
      intl.formatMessage({ id: 'notifications.job.resent' }),
    );

  return (
    <section className="job-notifications" aria-label={intl.formatMessage({ id: 'notifications.job.label' })}>
      <h3 className="job-notifications-title">
        <Message id="notifications.job.title" />
      </h3>
      <ul className="plain-list job-notifications-list">
        {rows.map((n) => {
          const status = statusLabel[n.status];
          return (
            <li key={n.id} className="job-notification">
              <div className="job-notification-head">
                <span>
                  <Message
                    id="notifications.job.sentTo"
                    values={{ kind: intl.formatMessage(kindLabel[n.kind]), channel: n.channel, recipient: n.recipient }}
                  />
                </span>
                <Badge tone={status.tone}>
                  <Message {...status.text} />
                </Badge>
              </div>
              <p className="job-notification-when">
                {n.sentAt ? (
                  <Message id="notifications.job.sent" values={{ time: formatDateTime(n.sentAt) }} />
                ) : (
                  <Message id="notifications.job.due" values={{ time: formatDateTime(n.dueAt) }} />
                )}
                {n.attempts > 1 && <Message id="notifications.job.attempts" values={{ attempts: n.attempts }} />}
              </p>
              {n.reason && <p className="job-notification-reason">{n.reason}</p>}
              {(n.status === 'sent' || n.status === 'dead' || n.status === 'skipped') && (
                <Button size="sm" variant="ghost" loading={isLoading} onClick={() => void onResend(n.id)}>
                  <Message id="notifications.job.resend" />
                </Button>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
