import { can, type FeedToken, type FeedTokenCreated, type Member } from '@fieldplan/shared';
import { useState } from 'react';
import { Badge } from '../../components/Badge';
import { Button } from '../../components/Button';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { EmptyState } from '../../components/EmptyState';
import { Panel } from '../../components/Panel';
import { NamedOptions, Select } from '../../components/Select';
import { Loading, Skeleton } from '../../components/Skeleton';
import { useToast } from '../../components/use-toast';
import { useToastedWrite } from '../../components/use-toasted-write';
import {
  useCreateFeedTokenMutation,
  useListFeedTokensQuery,
  useRevokeFeedTokenMutation,
} from '../../entities/feed/endpoints';
import { useWorkspace } from '../../entities/workspace/use-workspace';
import { formatDate, formatDateTime } from '../../lib/format';
import { problemMessage, toProblem } from '../../lib/problem';
import { CreatedLink } from './CreatedLink';

interface LinksPanelProps {
  technicians: readonly Member[];
  names: ReadonlyMap<string, string>;
}

/** What a link holds, in words. */
const holds = (memberId: string | null, names: ReadonlyMap<string, string>, mine: boolean) =>
  memberId === null
    ? 'every job of the workspace'
    : mine
      ? 'your jobs'
      : `${names.get(memberId) ?? 'a former technician'}'s jobs`;

/**
 * iCal links (export): dispatchers and owners make one per technician or for the whole workspace;
 * a technician makes links to their own jobs (their phone's calendar); viewers hold none.
 */
export function LinksPanel({ technicians, names }: LinksPanelProps) {
  const { workspaceId, role, membership } = useWorkspace();
  const managesAll = can(role, 'schedule.write');
  const allowed = managesAll || role === 'technician';
  const tokens = useListFeedTokensQuery(workspaceId, { skip: !allowed });
  const [create, creating] = useCreateFeedTokenMutation();
  const [revoke, revoking] = useRevokeFeedTokenMutation();
  const [target, setTarget] = useState(managesAll ? '' : membership.memberId);
  const [created, setCreated] = useState<FeedTokenCreated | null>(null);
  const [confirm, setConfirm] = useState<FeedToken | null>(null);
  const toast = useToast();
  const toasted = useToastedWrite();
  const mine = (memberId: string | null) => memberId !== null && memberId === membership.memberId;

  if (!allowed) {
    return (
      <Panel title="iCal links" description="Our jobs in any calendar app.">
        <p className="feeds-note">Dispatchers make iCal links; viewers can't hold one.</p>
      </Panel>
    );
  }

  const make = async () => {
    try {
      setCreated(await create({ workspaceId, token: { memberId: target === '' ? null : target } }).unwrap());
    } catch (error) {
      toast({ tone: 'error', message: problemMessage(toProblem(error)) });
    }
  };
  const doRevoke = async (token: FeedToken) => {
    const revoked = await toasted(
      () => revoke({ workspaceId, id: token.id }).unwrap(),
      `Link …${token.hint} revoked — calendars using it stop updating`,
    );
    if (revoked && created?.id === token.id) setCreated(null);
    setConfirm(null);
  };

  const list = tokens.data ?? [];
  return (
    <Panel
      className="feeds-links"
      title="iCal links"
      description={
        managesAll
          ? "Subscribe to a technician's jobs, or every job, from any calendar app."
          : 'Your jobs in your phone’s calendar: it stays up to date by itself.'
      }
    >
      <div className="link-create">
        {managesAll && (
          <Select label="Link to the jobs of" value={target} onChange={(e) => setTarget(e.target.value)}>
            <option value="">Whole workspace</option>
            <NamedOptions items={technicians} />
          </Select>
        )}
        <Button
          variant={created ? 'secondary' : 'primary'}
          icon="link"
          loading={creating.isLoading}
          onClick={() => void make()}
        >
          {managesAll ? 'Create link' : 'Create my link'}
        </Button>
      </div>
      {created && (
        <CreatedLink
          link={created}
          what={holds(created.memberId, names, mine(created.memberId))}
          onDone={() => setCreated(null)}
        />
      )}
      {tokens.isLoading ? (
        <Loading label="Loading links…">
          <Skeleton height={36} />
        </Loading>
      ) : list.length === 0 ? (
        <EmptyState icon="link" title="No links yet">
          {managesAll
            ? 'Create one to see jobs in Google Calendar, Outlook or a phone.'
            : 'Create one to see your jobs in your phone’s calendar.'}
        </EmptyState>
      ) : (
        <ul className="link-list" aria-label="iCal links">
          {list.map((token) => (
            <li key={token.id} className={token.revokedAt ? 'link-item link-revoked' : 'link-item'}>
              <div className="link-text">
                <span className="link-what">
                  {token.memberId === null
                    ? 'Whole workspace'
                    : mine(token.memberId)
                      ? 'Your jobs'
                      : (names.get(token.memberId) ?? 'A former technician')}
                </span>
                <span className="link-meta">
                  <code className="link-hint">…{token.hint}</code> · created{' '}
                  <time dateTime={token.createdAt} title={formatDateTime(token.createdAt)}>
                    {formatDate(token.createdAt)}
                  </time>
                </span>
                {token.revokedReason && <span className="link-reason">Stopped working: {token.revokedReason}</span>}
              </div>
              {token.revokedAt ? (
                <Badge>
                  {token.revokedReason ? 'Stopped' : 'Revoked'} {formatDate(token.revokedAt)}
                </Badge>
              ) : (
                <Button
                  size="sm"
                  variant="ghost"
                  aria-label={`Revoke link …${token.hint}`}
                  onClick={() => setConfirm(token)}
                >
                  Revoke
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={confirm !== null}
        title={`Revoke link …${confirm?.hint ?? ''}?`}
        description="Calendars subscribed with it stop updating. This can't be undone; you can create a new link."
        confirmLabel="Revoke link"
        busy={revoking.isLoading}
        onCancel={() => setConfirm(null)}
        onConfirm={() => confirm && void doRevoke(confirm)}
      />
    </Panel>
  );
}
