import { type ChangeEvent, workspaceChannels } from '@fieldplan/shared';
import type Pusher from 'pusher-js';
import type { PresenceChannel } from 'pusher-js';
import { type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { useAppDispatch } from '../base/hooks';
import { authApi, useGetConfigQuery } from '../entities/session/endpoints';
import { useWorkspace } from '../entities/workspace/use-workspace';
import { applyChange, resyncAll, type Viewer } from './apply-change';
import { ChangeFeed } from './change-feed';
import { changesApi } from './changes-endpoint';
import { holdChannel } from './channels';
import { watchConnection } from './connection';
import { presenceMembersOf } from './presence';
import { createPusher } from './pusher-client';
import { RealtimeContext, type RealtimeHandle } from './realtime-context';
import { presenceChanged, presenceLeft } from './realtime-slice';

/** `RESUME_EVENT` of packages/realtime (the web app does not import the server package). */
const resumeEvent = 'realtime:resume';

/**
 * The realtime module: one pusher-js connection configured from `/api/v1/config`, signed
 * in, joined to the open workspace's change and presence channels; every `change` lands in the RTK
 * Query caches in seq order, and what a reconnect or a gap hid is fetched from `/changes?after=`.
 */
export function RealtimeProvider({ children }: { children: ReactNode }) {
  const { workspaceId, role, me, slug } = useWorkspace();
  const config = useGetConfigQuery().data?.realtime ?? null;
  const dispatch = useAppDispatch();
  const [handle, setHandle] = useState<RealtimeHandle>({ pusher: null, reconnect: () => {} });
  const viewer = useRef<Viewer>({ userId: me.user.id, role, slug });
  viewer.current = { userId: me.user.id, role, slug };

  useEffect(() => {
    if (!config) return;
    const pusher: Pusher = createPusher(config, window.location);
    const connection = watchConnection(pusher, {
      dispatch,
      checkSession: async () => {
        const probe = dispatch(authApi.endpoints.getMe.initiate(undefined, { forceRefetch: true, subscribe: false }));
        const result = await probe;
        return !(result.error && 'status' in result.error && result.error.status === 401);
      },
      probeServer: () =>
        fetch('/healthz', { cache: 'no-store' }).then(
          (res) => res.ok,
          () => false,
        ),
    });
    setHandle({ pusher, reconnect: connection.reconnect });
    return () => {
      setHandle({ pusher: null, reconnect: () => {} });
      connection.close();
    };
  }, [config, dispatch]);

  const { pusher } = handle;
  useEffect(() => {
    if (!pusher) return;
    const feed = new ChangeFeed({
      fetchChanges: async (after) => {
        const page = await dispatch(
          changesApi.endpoints.getChanges.initiate({ workspaceId, after }, { subscribe: false, forceRefetch: true }),
        ).unwrap();
        // A session that ends meanwhile resets the API state, and the request then settles with nothing.
        if (!page) throw new Error('No answer for the changes');
        return page;
      },
      apply: (change) => dispatch(applyChange(workspaceId, change, viewer.current)),
      resync: () => dispatch(resyncAll()),
    });
    const releaseChanges = holdChannel(pusher, workspaceChannels.changes(workspaceId), {
      'pusher:subscription_succeeded': () => void feed.subscribed(),
      change: (event: ChangeEvent) => void feed.received(event),
      // The realtime server lost its backplane for a while (docs/adr/0033): fetch what may have been missed.
      [resumeEvent]: () => void feed.subscribed(),
    });
    const presenceName = workspaceChannels.presence(workspaceId);
    const showPresence = () => {
      const channel = pusher.channel(presenceName) as PresenceChannel | undefined;
      if (channel) dispatch(presenceChanged({ workspaceId, members: presenceMembersOf(channel) }));
    };
    const releasePresence = holdChannel(pusher, presenceName, {
      'pusher:subscription_succeeded': showPresence,
      'pusher:member_added': showPresence,
      'pusher:member_removed': showPresence,
    });
    return () => {
      feed.close();
      releaseChanges();
      releasePresence();
      dispatch(presenceLeft(workspaceId));
    };
  }, [pusher, workspaceId, dispatch]);

  const value = useMemo(() => handle, [handle]);
  return <RealtimeContext.Provider value={value}>{children}</RealtimeContext.Provider>;
}
