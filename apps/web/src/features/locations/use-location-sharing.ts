import { realtimeLimits } from '@fieldplan/shared';
import { useEffect } from 'react';
import { useAppDispatch, useAppSelector } from '../../base/hooks';
import { useWorkspace } from '../../entities/workspace/use-workspace';
import { toProblem } from '../../lib/problem';
import { useShareLocationMutation } from './endpoints';
import { PingThrottle } from './ping-throttle';
import { stopSharing } from './sharing-actions';
import { deviceDate, rememberedShift } from './sharing-memory';
import { pingFailed, pingSent, selectSharing, sharingStarted, sharingStopped } from './sharing-slice';

/**
 * While sharing is on: follows the device's position (`watchPosition`) and sends it at most once per
 * 5 s, the freshest fix each time; a refused one (429) is sent again when the server says. Off, unmounted (sign-out)
 * or refused permission: the watch stops at once. Opening the app again during a shift it was on for
 * (a reload, the phone's browser discarding the tab) picks it up again (sharing-memory.ts).
 */
export function useLocationSharing(): void {
  const { workspaceId } = useAppSelector(selectSharing);
  const dispatch = useAppDispatch();
  const [share] = useShareLocationMutation();
  const userId = useWorkspace().me.user.id;

  useEffect(() => {
    const remembered = rememberedShift(userId, deviceDate(new Date()));
    if (remembered) dispatch(sharingStarted(remembered));
  }, [userId, dispatch]);

  useEffect(() => {
    if (!workspaceId) return;
    const geo = typeof navigator === 'undefined' ? undefined : navigator.geolocation;
    if (!geo) {
      dispatch(stopSharing('unsupported'));
      return;
    }
    let stopped = false;
    // A little over the server's interval: a slow request followed by a quick one must not arrive too soon.
    const interval = realtimeLimits.locationPingIntervalMs + 500;
    const throttle = new PingThrottle<GeolocationPosition>(interval, (position) => {
      const { latitude, longitude, accuracy, heading } = position.coords;
      const ping = {
        lat: latitude,
        lng: longitude,
        accuracyM: Math.min(Math.max(accuracy, 0), 50_000),
        heading: heading === null || Number.isNaN(heading) ? null : heading % 360,
        at: new Date(Math.min(position.timestamp, Date.now())).toISOString(),
      };
      void share({ workspaceId, ping })
        .unwrap()
        .then(
          () => {
            if (!stopped) dispatch(pingSent(Date.now()));
          },
          (error: unknown) => {
            if (stopped) return;
            const problem = toProblem(error);
            if (problem.status === 429) throttle.retry(position, (problem.retryAfter ?? 5) * 1000);
            else dispatch(pingFailed());
          },
        );
    });
    const watch = geo.watchPosition(
      (position) => throttle.offer(position),
      (error) => {
        if (error.code === error.PERMISSION_DENIED) dispatch(stopSharing('denied'));
        else dispatch(pingFailed());
      },
      { enableHighAccuracy: true, maximumAge: 5_000, timeout: 30_000 },
    );
    return () => {
      stopped = true;
      throttle.stop();
      geo.clearWatch(watch);
    };
  }, [workspaceId, dispatch, share]);

  // Leaving the app shell turns sharing off; signing out also forgets the shift (useSignOut).
  useEffect(() => () => void dispatch(sharingStopped()), [dispatch]);
}
