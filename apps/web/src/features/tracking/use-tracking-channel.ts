import type { TrackingView } from '@fieldplan/shared';
import { trackingEvents } from '@fieldplan/shared';
import { useEffect, useState } from 'react';
import { useAppDispatch } from '../../base/hooks';
import { useGetConfigQuery } from '../../entities/session/endpoints';
import { trackingApi, trackingUpdated } from './endpoints';

/**
 * Follows the link's public channel (loaded on demand: pusher-js stays out of the page's first
 * bytes). `update` replaces what the page shows; `ended` means the link stopped working.
 */
export function useTrackingChannel(token: string, channelName: string | undefined): { ended: boolean } {
  const dispatch = useAppDispatch();
  const { data: config } = useGetConfigQuery();
  const [ended, setEnded] = useState(false);
  const realtime = config?.realtime;

  useEffect(() => {
    if (!channelName || !realtime) return;
    let disposed = false;
    let disconnect = () => {};
    void import('../../realtime/pusher-client').then(({ createPusher }) => {
      if (disposed) return;
      const pusher = createPusher(realtime, window.location);
      const channel = pusher.subscribe(channelName);
      // A move sent between the page's first read and this subscription came on no channel: read
      // the page again now that nothing more can slip past.
      channel.bind('pusher:subscription_succeeded', () =>
        dispatch(trackingApi.endpoints.getTracking.initiate(token, { forceRefetch: true, subscribe: false })),
      );
      channel.bind(trackingEvents.update, (view: TrackingView) => dispatch(trackingUpdated(token, view)));
      channel.bind(trackingEvents.ended, () => setEnded(true));
      disconnect = () => pusher.disconnect();
    });
    return () => {
      disposed = true;
      disconnect();
    };
  }, [channelName, realtime, token, dispatch]);

  return { ended };
}
