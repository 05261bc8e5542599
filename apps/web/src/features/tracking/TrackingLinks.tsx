import type { Job } from '@fieldplan/shared';
import { Button } from '../../components/Button';
import { useToast } from '../../components/use-toast';
import { useToastedWrite } from '../../components/use-toasted-write';
import { copyText } from '../../lib/clipboard';
import { formatDateTime } from '../../lib/format';
import { Message, useIntl } from '../../lib/i18n';
import { useJobTrackingLinksQuery, useRevokeTrackingLinkMutation } from './endpoints';
import './Tracking.css';

/**
 * On a job's detail, for dispatchers: the customer's tracking link of each visit that is on its way
 * or in progress — copy it to send, or revoke it. Refetched when the job's status changes.
 */
export function TrackingLinks({ workspaceId, job }: { workspaceId: string; job: Job }) {
  const intl = useIntl();
  const live = job.rrule !== null || job.status === 'en_route' || job.status === 'in_progress';
  const { data: links = [] } = useJobTrackingLinksQuery(
    { workspaceId, jobId: job.id, version: job.version },
    { skip: !live, refetchOnMountOrArgChange: true },
  );
  const [revoke, { isLoading: revoking }] = useRevokeTrackingLinkMutation();
  const toast = useToast();
  const toasted = useToastedWrite();
  if (!live || links.length === 0) return null;

  const copy = async (url: string) => {
    toast(
      (await copyText(url))
        ? {
            tone: 'success',
            message: intl.formatMessage({ id: 'tracking.links.copied' }),
          }
        : { tone: 'info', message: url },
    );
  };
  const onRevoke = (id: string) =>
    toasted(
      () => revoke({ workspaceId, jobId: job.id, id }).unwrap(),
      intl.formatMessage({ id: 'tracking.links.revoked' }),
    );

  return (
    <section className="tracking-links" aria-label={intl.formatMessage({ id: 'tracking.links.label' })}>
      {links.map((link) => (
        <div key={link.id} className="tracking-link">
          <p className="tracking-link-title">
            <Message id="tracking.links.title" />
          </p>
          <p className="tracking-link-url" data-code>
            {link.url}
          </p>
          <p className="tracking-link-hint">
            <Message id="tracking.links.until" values={{ time: formatDateTime(link.expiresAt) }} />
          </p>
          <div className="tracking-link-actions">
            <Button size="sm" variant="primary" icon="copy" onClick={() => void copy(link.url)}>
              <Message id="tracking.links.copy" />
            </Button>
            <Button size="sm" variant="ghost" loading={revoking} onClick={() => void onRevoke(link.id)}>
              <Message id="tracking.links.revoke" />
            </Button>
          </div>
        </div>
      ))}
    </section>
  );
}
