import { type BookingRequest, can } from '@fieldplan/shared';
import { useState } from 'react';
import { Link } from 'react-router';
import { Badge } from '../../../components/Badge';
import { Button, buttonClass } from '../../../components/Button';
import { EmptyState } from '../../../components/EmptyState';
import { FactRow } from '../../../components/Fact';
import { LoadFailedState } from '../../../components/LoadFailed';
import { NotAllowed } from '../../../components/NotAllowed';
import { PageHeader } from '../../../components/Panel';
import { Loading, Skeleton } from '../../../components/Skeleton';
import { useGetMembersQuery } from '../../../entities/member/endpoints';
import { useGetWorkspaceQuery } from '../../../entities/workspace/endpoints';
import { useWorkspace } from '../../../entities/workspace/use-workspace';
import { Message, useIntl } from '../../../lib/i18n';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useNow } from '../../../lib/use-now';
import { CapHitNotice } from './CapHitNotice';
import { DeclineDialog } from './DeclineDialog';
import { useBookingRequestsQuery } from './endpoints';
import { holdText, slotText } from './format';
import { useDecide } from './use-decide';
import './Booking-office.css';

/** `/w/:slug/requests`: online booking requests waiting for a decision, live (docs/PRODUCT.md, "Online booking"). */
export function RequestsPage() {
  const { workspaceId, slug, role } = useWorkspace();
  const allowed = can(role, 'booking.manage');
  const { data, error, refetch } = useBookingRequestsQuery({ workspaceId, status: 'pending' }, { skip: !allowed });
  const { data: workspace } = useGetWorkspaceQuery(workspaceId);
  const intl = useIntl();
  useDocumentTitle(
    data?.pendingCount
      ? intl.formatMessage({ id: 'booking.requests.documentTitleCount' }, { count: String(data.pendingCount) })
      : intl.formatMessage({ id: 'booking.requests.title' }),
  );

  if (!allowed) {
    return (
      <NotAllowed
        icon="inbox"
        title={{ id: 'booking.requests.notAllowed' }}
        hint={{ id: 'booking.requests.notAllowedHint' }}
      />
    );
  }
  return (
    <>
      <PageHeader
        title={<Message id="booking.requests.title" />}
        description={<Message id="booking.requests.description" />}
        actions={
          <Link to={`/w/${slug}/settings/booking`} className={buttonClass('secondary')}>
            <Message id="booking.requests.settings" />
          </Link>
        }
      />
      {data?.capHit && workspace && <CapHitNotice capHit={data.capHit} timeZone={workspace.timeZone} slug={slug} />}
      {data ? (
        data.items.length === 0 ? (
          <EmptyState icon="inbox" title={intl.formatMessage({ id: 'booking.requests.empty' })}>
            <Message id="booking.requests.emptyHint" />
          </EmptyState>
        ) : (
          <ul
            className="plain-list booking-requests"
            aria-label={intl.formatMessage({ id: 'booking.requests.listLabel' })}
          >
            {data.items.map((request) => (
              <RequestCard key={request.id} request={request} />
            ))}
          </ul>
        )
      ) : error ? (
        <LoadFailedState
          title={intl.formatMessage({ id: 'booking.requests.loadFailed' })}
          error={error}
          onRetry={() => void refetch()}
        />
      ) : (
        <Loading label={intl.formatMessage({ id: 'booking.requests.loading' })}>
          <div className="plain-list booking-requests">
            <Skeleton height={120} />
            <Skeleton height={120} />
          </div>
        </Loading>
      )}
    </>
  );
}

function RequestCard({ request }: { request: BookingRequest }) {
  const { workspaceId, slug } = useWorkspace();
  const { data: members } = useGetMembersQuery(workspaceId);
  const { data: workspace } = useGetWorkspaceQuery(workspaceId);
  const now = useNow(30_000);
  const [declining, setDeclining] = useState(false);
  const { decide, busy } = useDecide(request);
  const intl = useIntl();
  const tech = members?.find((m) => m.id === request.technicianId);
  const who = !request.technicianId
    ? intl.formatMessage({ id: 'booking.request.unassigned' })
    : (tech?.name ?? (members ? intl.formatMessage({ id: 'booking.request.formerMember' }) : '…'));
  const titleId = `request-${request.id}`;
  return (
    <li className="booking-request" aria-labelledby={titleId}>
      <div className="booking-request-head">
        <h2 id={titleId} className="booking-request-title">
          {request.serviceName}
        </h2>
        {request.holdExpiresAt && (
          <Badge tone={Date.parse(request.holdExpiresAt) - now < 3_600_000 ? 'warning' : 'neutral'}>
            {holdText(request.holdExpiresAt, now)}
          </Badge>
        )}
      </div>
      <dl className="booking-request-facts">
        <FactRow term={<Message id="booking.request.when" />}>
          {workspace ? slotText(request.start, request.end, workspace.timeZone) : '…'}
        </FactRow>
        <FactRow term={<Message id="booking.request.who" />}>
          {tech && <span className="booking-dot" style={{ background: tech.colour }} aria-hidden="true" />}
          {who}
        </FactRow>
        <FactRow term={<Message id="booking.request.customer" />}>
          {request.name}
          <span className="booking-contact">
            {request.email}
            {request.phone && ` · ${request.phone}`}
          </span>
        </FactRow>
        <FactRow term={<Message id="booking.request.address" />}>{request.address}</FactRow>
        {request.notes && (
          <FactRow term={<Message id="booking.request.notes" />} valueClassName="booking-notes">
            {request.notes}
          </FactRow>
        )}
      </dl>
      {request.jobId ? (
        <div className="booking-request-actions">
          <Button
            variant="primary"
            icon="check"
            loading={busy === 'confirm'}
            disabled={busy !== null}
            onClick={() => void decide('confirm')}
          >
            <Message id="booking.request.confirm" />
          </Button>
          <Button disabled={busy !== null} onClick={() => setDeclining(true)}>
            <Message id="booking.request.decline" />
          </Button>
          <Link to={`/w/${slug}/jobs/${request.jobId}`} className={buttonClass('ghost')}>
            <Message id="booking.request.openJob" />
          </Link>
        </div>
      ) : (
        // Its job was deleted: nothing left to confirm or decline (the server answers 410); the hold
        // running out closes it (docs/adr/0030).
        <p className="booking-request-gone">
          <Message id="booking.request.jobGone" />
        </p>
      )}
      {declining && (
        <DeclineDialog
          request={request}
          busy={busy === 'decline'}
          onCancel={() => setDeclining(false)}
          onDecline={(reason) => void decide('decline', reason).then(() => setDeclining(false))}
        />
      )}
    </li>
  );
}
