import { can, type Feed, memberPalette } from '@fieldplan/shared';
import { useMemo, useState } from 'react';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { ConfirmRemoval } from '../../components/ConfirmDialog';
import { EmptyState } from '../../components/EmptyState';
import { PageHeader, Panel } from '../../components/Panel';
import { Loading, Skeleton } from '../../components/Skeleton';
import { useListFeedsQuery } from '../../entities/feed/endpoints';
import { useGetMembersQuery } from '../../entities/member/endpoints';
import { useWorkspace } from '../../entities/workspace/use-workspace';
import { Message, useIntl } from '../../lib/i18n';
import { problemMessage, toProblem } from '../../lib/problem';
import { useDocumentTitle } from '../../lib/use-document-title';
import { FeedDialog } from './FeedDialog';
import { FeedList } from './FeedList';
import { LinksPanel } from './LinksPanel';
import { useFeedWrites } from './use-feed-writes';
import './Feeds.css';

/** `/w/:slug/feeds`: calendars imported as busy time, and iCal links that export our jobs. */
export function FeedsPage() {
  const { workspaceId, role } = useWorkspace();
  const intl = useIntl();
  useDocumentTitle(intl.formatMessage({ id: 'feeds.page.title' }));
  const feeds = useListFeedsQuery(workspaceId);
  const members = useGetMembersQuery(workspaceId);
  const writes = useFeedWrites(workspaceId);
  const canEdit = can(role, 'schedule.write');
  // undefined: closed; null: a new subscription; an id: that one.
  const [editing, setEditing] = useState<string | null | undefined>(undefined);
  const [removing, setRemoving] = useState<Feed | null>(null);

  const list = feeds.data ?? [];
  const technicians = useMemo(
    () => (members.data ?? []).filter((m) => m.role === 'technician' && m.active),
    [members.data],
  );
  const names = useMemo(() => new Map((members.data ?? []).map((m) => [m.id, m.name])), [members.data]);
  const nextColour = memberPalette[(list.length + 7) % memberPalette.length] ?? memberPalette[0];
  const editedFeed = typeof editing === 'string' ? (list.find((f) => f.id === editing) ?? null) : null;
  const addButton = canEdit && (
    <Button variant="primary" icon="plus" onClick={() => setEditing(null)}>
      <Message id="feeds.page.add" />
    </Button>
  );

  return (
    <div className="feeds-page">
      <PageHeader title={<Message id="feeds.page.title" />} description={<Message id="feeds.page.description" />} />
      <div className="feeds-layout">
        <Panel
          className="feeds-subscriptions"
          title={<Message id="feeds.subscriptions.title" />}
          description={
            canEdit ? (
              <Message id="feeds.subscriptions.descriptionEditor" />
            ) : (
              <Message id="feeds.subscriptions.description" />
            )
          }
          actions={list.length > 0 && addButton}
        >
          {feeds.error ? (
            <Alert title={intl.formatMessage({ id: 'feeds.subscriptions.loadFailed' })}>
              {problemMessage(toProblem(feeds.error))}
            </Alert>
          ) : feeds.isLoading ? (
            <Loading label={intl.formatMessage({ id: 'feeds.subscriptions.loading' })}>
              <div className="feeds-skeleton">
                <Skeleton height={56} />
                <Skeleton height={56} />
              </div>
            </Loading>
          ) : list.length === 0 ? (
            <EmptyState
              icon="calendar"
              title={intl.formatMessage({ id: 'feeds.subscriptions.empty' })}
              action={addButton}
            >
              {canEdit ? (
                <Message id="feeds.subscriptions.emptyHintEditor" />
              ) : (
                <Message id="feeds.subscriptions.emptyHint" />
              )}
            </EmptyState>
          ) : (
            <FeedList
              feeds={list}
              names={names}
              refreshing={writes.refreshing}
              actions={
                canEdit
                  ? {
                      edit: (feed) => setEditing(feed.id),
                      remove: setRemoving,
                      refresh: (feed) => void writes.refreshNow(feed),
                    }
                  : null
              }
            />
          )}
        </Panel>
        <LinksPanel technicians={technicians} names={names} />
      </div>
      {canEdit && (
        <FeedDialog
          open={editing !== undefined && (editing === null || editedFeed !== null)}
          feed={editedFeed}
          nextColour={nextColour}
          technicians={technicians}
          writes={writes}
          onClose={() => setEditing(undefined)}
        />
      )}
      <ConfirmRemoval
        target={removing}
        verb="Remove"
        noun="subscription"
        description={<Message id="feeds.remove.description" />}
        busy={writes.deleting}
        onConfirm={writes.remove}
        onClose={() => setRemoving(null)}
      />
    </div>
  );
}
