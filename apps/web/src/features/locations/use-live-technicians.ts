import { can, type LiveLocation, realtimeEvents, workspaceChannels } from '@fieldplan/shared';
import { skipToken } from '@reduxjs/toolkit/query';
import { useEffect, useMemo } from 'react';
import { useAppDispatch } from '../../base/hooks';
import { useGetMembersQuery } from '../../entities/member/endpoints';
import { useWorkspace } from '../../entities/workspace/use-workspace';
import { holdChannel } from '../../realtime/channels';
import { useRealtime } from '../../realtime/realtime-context';
import { locationsApi, upsertLocation, useGetLocationsQuery } from './endpoints';

/** A live position with who it is (name and colour from the member list). */
export interface LiveTechnician extends LiveLocation {
  name: string;
  colour: string;
}

/**
 * Technicians' latest positions for the map: `GET /locations` once, then every `location` event on
 * `private-locations-{ws}` (owners and dispatchers), re-read once subscribed (and after every reconnect). A technician sees
 * their own; a viewer, nobody.
 */
export function useLiveTechnicians(): LiveTechnician[] {
  const { workspaceId, role } = useWorkspace();
  const dispatch = useAppDispatch();
  const { pusher } = useRealtime();
  const allowed = can(role, 'locations.read.own');
  const all = can(role, 'locations.read.all');
  const { data: locations } = useGetLocationsQuery(allowed ? workspaceId : skipToken);
  const { data: members } = useGetMembersQuery(allowed ? workspaceId : skipToken);

  useEffect(() => {
    if (!pusher || !all) return;
    return holdChannel(pusher, workspaceChannels.locations(workspaceId), {
      // Positions sent before this (re)subscription — while loading, or while the connection was away —
      // are only in the latest list: read it again now that nothing more can slip past.
      'pusher:subscription_succeeded': () =>
        void dispatch(locationsApi.util.invalidateTags([{ type: 'Location', id: workspaceId }])),
      [realtimeEvents.location]: (location: LiveLocation) =>
        void dispatch(
          locationsApi.util.updateQueryData('getLocations', workspaceId, (list) => upsertLocation(list, location)),
        ),
    });
  }, [pusher, all, workspaceId, dispatch]);

  return useMemo(() => {
    const byId = new Map((members ?? []).map((m) => [m.id, m]));
    return (locations ?? []).flatMap((l) => {
      const member = byId.get(l.memberId);
      return member?.active ? [{ ...l, name: member.name, colour: member.colour }] : [];
    });
  }, [locations, members]);
}
