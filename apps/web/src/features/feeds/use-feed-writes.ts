import type { Feed, FeedPatch } from '@fieldplan/shared';
import { useState } from 'react';
import { useAppDispatch } from '../../base/hooks';
import { useStaleRecord } from '../../components/use-stale-record';
import { useToast } from '../../components/use-toast';
import { useToastedWrite } from '../../components/use-toasted-write';
import {
  feedsApi,
  putFeed,
  useCreateFeedMutation,
  useDeleteFeedMutation,
  useRefreshFeedMutation,
  useUpdateFeedMutation,
} from '../../entities/feed/endpoints';
import { t, useIntl } from '../../lib/i18n';
import { type FeedFormValues, feedPayload } from './FeedForm';

/** Only what changed, so an edit doesn't overwrite someone else's change to another field. */
function changes(values: FeedFormValues, feed: Feed): FeedPatch {
  const next = feedPayload(values);
  const patch: FeedPatch = {};
  for (const key of Object.keys(next) as (keyof typeof next)[]) {
    if (next[key] !== feed[key]) Object.assign(patch, { [key]: next[key] });
  }
  return patch;
}

/**
 * Saving subscriptions with If-Match: a stale version (412) keeps the server's feed as `conflict`
 * so the dialog can say so and offer a reload; field errors are thrown to the form.
 */
export function useFeedWrites(workspaceId: string) {
  const [create] = useCreateFeedMutation();
  const [update] = useUpdateFeedMutation();
  const [remove, removal] = useDeleteFeedMutation();
  const [refresh] = useRefreshFeedMutation();
  const [refreshing, setRefreshing] = useState<ReadonlySet<string>>(new Set());
  const dispatch = useAppDispatch();
  const toast = useToast();
  const toasted = useToastedWrite();
  const intl = useIntl();
  const gone = intl.formatMessage({ id: 'feeds.toast.gone' });
  const { conflict, setConflict, onStale } = useStaleRecord<Feed>(gone, () => {
    void dispatch(feedsApi.endpoints.listFeeds.initiate(workspaceId, { forceRefetch: true, subscribe: false }));
  });

  return {
    conflict,
    deleting: removal.isLoading,
    refreshing,
    /** Takes the server's version (after a 412): the list shows it, local edits are dropped. */
    reload() {
      if (conflict) dispatch(putFeed(workspaceId, conflict.id, conflict));
      setConflict(null);
    },
    dismissConflict: () => setConflict(null),
    /** Resolves with the saved feed; null when a stale version was reported instead. */
    async save(feed: Feed | null, values: FeedFormValues): Promise<Feed | null> {
      try {
        const saved = feed
          ? await update({ workspaceId, id: feed.id, version: feed.version, patch: changes(values, feed) }).unwrap()
          : await create({ workspaceId, feed: feedPayload(values) }).unwrap();
        toast({
          tone: 'success',
          message: feed
            ? intl.formatMessage({ id: 'feeds.toast.saved' }, { name: saved.name })
            : intl.formatMessage({ id: 'feeds.toast.subscribed' }, { name: saved.name }),
        });
        return saved;
      } catch (error) {
        if (feed && onStale(error)) return null;
        throw error;
      }
    },
    remove: (feed: Feed): Promise<boolean> =>
      toasted(
        () => remove({ workspaceId, id: feed.id, version: feed.version }).unwrap(),
        intl.formatMessage({ id: 'feeds.toast.removed' }, { name: feed.name }),
        onStale,
      ),
    /** "Refresh now": the server fetches it while we wait; a failure says why (the feed shows failing). */
    async refreshNow(feed: Feed): Promise<void> {
      setRefreshing((ids) => new Set(ids).add(feed.id));
      try {
        await toasted(
          () => refresh({ workspaceId, id: feed.id }).unwrap(),
          (fresh) =>
            intl.formatMessage(
              { id: 'feeds.toast.refreshed' },
              { name: fresh.name, events: eventCount(fresh.eventCount) },
            ),
          onStale,
        );
      } finally {
        setRefreshing((ids) => {
          const next = new Set(ids);
          next.delete(feed.id);
          return next;
        });
      }
    },
  };
}

/** "1 event", "1,204 events" in the page's language. */
export const eventCount = (n: number) => t({ id: 'feeds.events.count' }, { count: n });
