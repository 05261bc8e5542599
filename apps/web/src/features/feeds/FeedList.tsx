import type { Feed, FeedStatus } from '@fieldplan/shared';
import { defineMessages, type MessageDescriptor } from 'react-intl';
import { Badge, type BadgeTone } from '../../components/Badge';
import { Icon } from '../../components/Icon';
import { RowActions } from '../../components/RowActions';
import { formatDateTime } from '../../lib/format';
import { Message, t, useIntl } from '../../lib/i18n';
import { eventCount } from './use-feed-writes';

const statusLabel: Record<FeedStatus, MessageDescriptor> = defineMessages({
  ok: { id: 'feeds.status.ok' },
  failing: { id: 'feeds.status.failing' },
  pending: { id: 'feeds.status.pending' },
});
const statusTone: Record<FeedStatus, BadgeTone> = { ok: 'success', failing: 'danger', pending: 'neutral' };

/** "every 15 min", "every 2 h", "every 1 h 30 min", "once a day". */
export function refreshText(minutes: number): string {
  if (minutes === 1440) return t({ id: 'feeds.refresh.daily' });
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  if (h === 0) return t({ id: 'feeds.refresh.minutes' }, { minutes: m });
  return t({ id: 'feeds.refresh.hours' }, { hours: h, minutes: m });
}

interface FeedListProps {
  feeds: readonly Feed[];
  /** Member id → name (a technician's busy time). */
  names: ReadonlyMap<string, string>;
  refreshing: ReadonlySet<string>;
  /** Null for those who may only look. */
  actions: { edit: (feed: Feed) => void; remove: (feed: Feed) => void; refresh: (feed: Feed) => void } | null;
}

/** The subscriptions: whose busy time, how often, and whether the last fetch worked (with why not). */
export function FeedList({ feeds, names, refreshing, actions }: FeedListProps) {
  const intl = useIntl();
  return (
    <ul className="plain-list feed-list" aria-label={intl.formatMessage({ id: 'feeds.list.label' })}>
      {feeds.map((feed) => {
        const busy = refreshing.has(feed.id);
        const whose = feed.memberId
          ? (names.get(feed.memberId) ?? intl.formatMessage({ id: 'feeds.list.formerTechnician' }))
          : intl.formatMessage({ id: 'feeds.list.wholeWorkspace' });
        return (
          <li key={feed.id} className="feed-item" aria-busy={busy || undefined}>
            <span className="feed-swatch" style={{ backgroundColor: feed.colour }} aria-hidden="true" />
            <div className="feed-main">
              <div className="feed-title">
                <span className="feed-name">{feed.name}</span>
                <Badge tone={statusTone[feed.status]}>{intl.formatMessage(statusLabel[feed.status])}</Badge>
              </div>
              <p className="feed-meta">
                <span>
                  <Icon name={feed.memberId ? 'users' : 'building'} size={14} /> {whose}
                </span>
                <span>
                  <Icon name="repeat" size={14} /> {refreshText(feed.refreshMinutes)}
                </span>
                <span>
                  <Icon name="clock" size={14} />{' '}
                  {feed.lastFetchedAt ? (
                    <Message
                      id="feeds.list.lastFetched"
                      values={{
                        when: formatDateTime(feed.lastFetchedAt),
                        time: (chunks) => <time dateTime={feed.lastFetchedAt ?? undefined}>{chunks}</time>,
                      }}
                    />
                  ) : (
                    <Message id="feeds.list.notFetched" />
                  )}
                </span>
                {feed.status !== 'pending' && <span>{eventCount(feed.eventCount)}</span>}
              </p>
              <p className="feed-url ellipsis" title={feed.url}>
                {feed.url}
              </p>
              {feed.status === 'failing' && feed.lastError && (
                <p className="feed-error">
                  <Icon name="alert" size={14} />{' '}
                  {feed.lastSuccessAt ? (
                    <Message
                      id="feeds.list.failedWithCopy"
                      values={{ error: feed.lastError, when: formatDateTime(feed.lastSuccessAt) }}
                    />
                  ) : (
                    <Message id="feeds.list.failed" values={{ error: feed.lastError }} />
                  )}
                </p>
              )}
              {busy && (
                <div className="feed-progress" role="status">
                  <span className="feed-progress-bar" aria-hidden="true" />
                  <Message id="feeds.list.refreshing" values={{ name: feed.name }} />
                </div>
              )}
            </div>
            {actions && (
              <RowActions
                className="feed-actions"
                actions={[
                  {
                    icon: 'repeat',
                    label: intl.formatMessage({ id: 'feeds.list.refreshLabel' }, { name: feed.name }),
                    text: intl.formatMessage({ id: 'feeds.list.refresh' }),
                    loading: busy,
                    onClick: () => actions.refresh(feed),
                  },
                  {
                    icon: 'pencil',
                    label: intl.formatMessage({ id: 'feeds.list.editLabel' }, { name: feed.name }),
                    text: intl.formatMessage({ id: 'feeds.list.edit' }),
                    variant: 'ghost',
                    onClick: () => actions.edit(feed),
                  },
                  {
                    icon: 'trash',
                    label: intl.formatMessage({ id: 'feeds.list.removeLabel' }, { name: feed.name }),
                    text: intl.formatMessage({ id: 'feeds.list.remove' }),
                    variant: 'ghost',
                    onClick: () => actions.remove(feed),
                  },
                ]}
              />
            )}
          </li>
        );
      })}
    </ul>
  );
}
