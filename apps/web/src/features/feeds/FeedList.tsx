import type { Feed, FeedStatus } from '@fieldplan/shared';
import { Badge, type BadgeTone } from '../../components/Badge';
import { Icon } from '../../components/Icon';
import { RowActions } from '../../components/RowActions';
import { formatDateTime } from '../../lib/format';
import { eventCount } from './use-feed-writes';

const statusLabel: Record<FeedStatus, string> = { ok: 'OK', failing: 'Failing', pending: 'Pending' };
const statusTone: Record<FeedStatus, BadgeTone> = { ok: 'success', failing: 'danger', pending: 'neutral' };

/** "every 15 min", "every 2 h", "every 1 h 30 min", "once a day". */
export function refreshText(minutes: number): string {
  if (minutes === 1440) return 'once a day';
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  if (h === 0) return `every ${m} min`;
  return `every ${h} h${m ? ` ${m} min` : ''}`;
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
  return (
    <ul className="feed-list" aria-label="Calendar subscriptions">
      {feeds.map((feed) => {
        const busy = refreshing.has(feed.id);
        const whose = feed.memberId ? (names.get(feed.memberId) ?? 'A former technician') : 'Whole workspace';
        return (
          <li key={feed.id} className="feed-item" aria-busy={busy || undefined}>
            <span className="feed-swatch" style={{ backgroundColor: feed.colour }} aria-hidden="true" />
            <div className="feed-main">
              <div className="feed-title">
                <span className="feed-name">{feed.name}</span>
                <Badge tone={statusTone[feed.status]}>{statusLabel[feed.status]}</Badge>
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
                    <>
                      Last fetched <time dateTime={feed.lastFetchedAt}>{formatDateTime(feed.lastFetchedAt)}</time>
                    </>
                  ) : (
                    'Not fetched yet'
                  )}
                </span>
                {feed.status !== 'pending' && <span>{eventCount(feed.eventCount)}</span>}
              </p>
              <p className="feed-url" title={feed.url}>
                {feed.url}
              </p>
              {feed.status === 'failing' && feed.lastError && (
                <p className="feed-error">
                  <Icon name="alert" size={14} /> Couldn't load: {feed.lastError}
                  {feed.lastSuccessAt && <> — showing the copy from {formatDateTime(feed.lastSuccessAt)}</>}
                </p>
              )}
              {busy && (
                <div className="feed-progress" role="status">
                  <span className="feed-progress-bar" aria-hidden="true" />
                  Refreshing “{feed.name}”…
                </div>
              )}
            </div>
            {actions && (
              <RowActions
                className="feed-actions"
                actions={[
                  {
                    icon: 'repeat',
                    label: `Refresh ${feed.name} now`,
                    text: 'Refresh',
                    loading: busy,
                    onClick: () => actions.refresh(feed),
                  },
                  {
                    icon: 'pencil',
                    label: `Edit ${feed.name}`,
                    text: 'Edit',
                    variant: 'ghost',
                    onClick: () => actions.edit(feed),
                  },
                  {
                    icon: 'trash',
                    label: `Remove ${feed.name}`,
                    text: 'Remove',
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
