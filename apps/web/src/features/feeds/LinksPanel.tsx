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
import { Message, t, useIntl } from '../../lib/i18n';
import { problemMessage, toProblem } from '../../lib/problem';
import { CreatedLink } from './CreatedLink';

interface LinksPanelProps {
  technicians: readonly Member[];
  names: ReadonlyMap<string, string>;
}

/** What a link holds, in words (called while rendering: the page's language). */
function holds(memberId: string | null, names: ReadonlyMap<string, string>, mine: boolean): string {
  if (memberId === null) return t({ id: 'feeds.links.holdsAll' });
  if (mine) return t({ id: 'feeds.links.holdsMine' });
  const name = names.get(memberId);
  return name === undefined ? t({ id: 'feeds.links.holdsFormer' }) : t({ id: 'feeds.links.holdsMember' }, { name });
}

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
  const intl = useIntl();
  const mine = (memberId: string | null) => memberId !== null && memberId === membership.memberId;

  if (!allowed) {
    return (
      <Panel title={<Message id="feeds.links.title" />} description={<Message id="feeds.links.descriptionViewer" />}>
        <p className="feeds-note">
          <Message id="feeds.links.viewerNote" />
        </p>
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
      intl.formatMessage({ id: 'feeds.links.revoked' }, { hint: token.hint }),
    );
    if (revoked && created?.id === token.id) setCreated(null);
    setConfirm(null);
  };

  const list = tokens.data ?? [];
  return (
    <Panel
      className="feeds-links"
      title={<Message id="feeds.links.title" />}
      description={
        managesAll ? (
          <Message id="feeds.links.descriptionManager" />
        ) : (
          <Message id="feeds.links.descriptionTechnician" />
        )
      }
    >
      <div className="link-create">
        {managesAll && (
          <Select
            label={intl.formatMessage({ id: 'feeds.links.target' })}
            value={target}
            onChange={(e) => setTarget(e.target.value)}
          >
            <option value="">{intl.formatMessage({ id: 'feeds.links.wholeWorkspace' })}</option>
            <NamedOptions items={technicians} />
          </Select>
        )}
        <Button
          variant={created ? 'secondary' : 'primary'}
          icon="link"
          loading={creating.isLoading}
          onClick={() => void make()}
        >
          {managesAll ? <Message id="feeds.links.create" /> : <Message id="feeds.links.createMine" />}
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
        <Loading label={intl.formatMessage({ id: 'feeds.links.loading' })}>
          <Skeleton height={36} />
        </Loading>
      ) : list.length === 0 ? (
        <EmptyState icon="link" title={intl.formatMessage({ id: 'feeds.links.empty' })}>
          {managesAll ? (
            <Message id="feeds.links.emptyHintManager" />
          ) : (
            <Message id="feeds.links.emptyHintTechnician" />
          )}
        </EmptyState>
      ) : (
        <ul className="plain-list link-list" aria-label={intl.formatMessage({ id: 'feeds.links.title' })}>
          {list.map((token) => (
            <li key={token.id} className={token.revokedAt ? 'link-item link-revoked' : 'link-item'}>
              <div className="link-text">
                <span className="link-what">
                  {token.memberId === null
                    ? intl.formatMessage({ id: 'feeds.links.wholeWorkspace' })
                    : mine(token.memberId)
                      ? intl.formatMessage({ id: 'feeds.links.yourJobs' })
                      : (names.get(token.memberId) ?? intl.formatMessage({ id: 'feeds.links.formerTechnician' }))}
                </span>
                <span className="link-meta">
                  <Message
                    id="feeds.links.created"
                    values={{
                      hint: token.hint,
                      date: formatDate(token.createdAt),
                      code: (chunks) => <code className="link-hint">{chunks}</code>,
                      time: (chunks) => (
                        <time dateTime={token.createdAt} title={formatDateTime(token.createdAt)}>
                          {chunks}
                        </time>
                      ),
                    }}
                  />
                </span>
                {token.revokedReason && (
                  <span className="link-reason">
                    <Message id="feeds.links.stoppedReason" values={{ reason: token.revokedReason }} />
                  </span>
                )}
              </div>
              {token.revokedAt ? (
                <Badge>
                  {token.revokedReason ? (
                    <Message id="feeds.links.stoppedOn" values={{ date: formatDate(token.revokedAt) }} />
                  ) : (
                    <Message id="feeds.links.revokedOn" values={{ date: formatDate(token.revokedAt) }} />
                  )}
                </Badge>
              ) : (
                <Button
                  size="sm"
                  variant="ghost"
                  aria-label={intl.formatMessage({ id: 'feeds.links.revokeLabel' }, { hint: token.hint })}
                  onClick={() => setConfirm(token)}
                >
                  <Message id="feeds.links.revoke" />
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={confirm !== null}
        title={<Message id="feeds.links.revokeTitle" values={{ hint: confirm?.hint ?? '' }} />}
        description={<Message id="feeds.links.revokeDescription" />}
        confirmLabel={intl.formatMessage({ id: 'feeds.links.revokeConfirm' })}
        busy={revoking.isLoading}
        onCancel={() => setConfirm(null)}
        onConfirm={() => confirm && void doRevoke(confirm)}
      />
    </Panel>
  );
}
