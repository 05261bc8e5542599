import type { Job } from '@fieldplan/shared';
import { Button } from '../../components/Button';
import { useToast } from '../../components/use-toast';
import { useToastedWrite } from '../../components/use-toasted-write';
import { copyText } from '../../lib/clipboard';
import { formatDateTime } from '../../lib/format';
import { useJobTrackingLinksQuery, useRevokeTrackingLinkMutation } from './endpoints';
import './Tracking.css';

/**
 * On a job's detail, for dispatchers: the customer's tracking link of each visit that is on its way
 * or in progress — copy it to send, or revoke it. Refetched when the job's status changes.
 */
export function TrackingLinks({ workspaceId, job }: { workspaceId: string; job: Job }) {
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
        ? { tone: 'success', message: 'Tracking link copied — send it to the customer' }
        : { tone: 'info', message: url },
    );
  };
  const onRevoke = (id: string) =>
    toasted(
      () => revoke({ workspaceId, jobId: job.id, id }).unwrap(),
      'Tracking link revoked: it shows “expired” from now on',
    );

  return (
    <section className="tracking-links" aria-label="Customer tracking link">
      {links.map((link) => (
        <div key={link.id} className="tracking-link">
          <p className="tracking-link-title">Customer tracking link</p>
          <p className="tracking-link-url" data-code>
            {link.url}
          </p>
          <p className="tracking-link-hint">Works until {formatDateTime(link.expiresAt)} or the visit ends.</p>
          <div className="tracking-link-actions">
            <Button size="sm" variant="primary" icon="copy" onClick={() => void copy(link.url)}>
              Copy link
            </Button>
            <Button size="sm" variant="ghost" loading={revoking} onClick={() => void onRevoke(link.id)}>
              Revoke
            </Button>
          </div>
        </div>
      ))}
    </section>
  );
}
