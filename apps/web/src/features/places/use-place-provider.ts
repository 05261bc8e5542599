import type { PlacesNotice } from '@fieldplan/shared';
import { useEffect, useMemo, useState } from 'react';
import type { MessageDescriptor } from 'react-intl';
import { useAppDispatch } from '../../base/hooks';
import { useGetConfigQuery } from '../../entities/session/endpoints';
import { defineMessages, useIntl } from '../../lib/i18n';
import { builtinProvider } from './builtin-provider';
import { googleAuthFailed, loadGooglePlaces, onGoogleAuthFailure } from './google-maps';
import { googleProvider } from './google-provider';
import type { PlaceProvider } from './types';

const { googleUnavailableNotice } = defineMessages({
  googleUnavailableNotice: { id: 'places.notice.googleUnavailable' },
});
/** What the built-in search says when the server's street geocoder didn't answer. */
export const streetNotices: Record<PlacesNotice, MessageDescriptor> = defineMessages({
  geocoder_unavailable: { id: 'places.notice.geocoderUnavailable' },
  geocoder_busy: { id: 'places.notice.geocoderBusy' },
});

/**
 * Google first, the built-in search when Google fails (the script doesn't load, the key is refused,
 * a search errors): from then on every search is built-in and `onFail` has been called once.
 */
function googleWithFallback(
  load: () => Promise<PlaceProvider>,
  builtin: PlaceProvider,
  onFail: () => void,
): PlaceProvider {
  let failed = false;
  const fail = () => {
    if (!failed) onFail();
    failed = true;
  };
  return {
    name: 'google',
    async search(query, signal) {
      if (!failed) {
        try {
          if (googleAuthFailed()) throw new Error('Google refused the key');
          return await (await load()).search(query, signal);
        } catch {
          fail();
        }
      }
      return builtin.search(query, signal);
    },
    async resolve(suggestion) {
      return suggestion.source === 'google' ? (await load()).resolve(suggestion) : builtin.resolve(suggestion);
    },
  };
}

/**
 * The places search an address field uses: Google when the server hands out a key (its script is
 * loaded once, lazily, on the first search), otherwise the built-in one. `notice` is set when
 * Google was configured but failed, or the built-in search's last answer lacked streets, so the
 * field can say so quietly.
 */
export function usePlaceProvider(workspaceId: string | undefined, bias?: { lat: number; lng: number }) {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const { data: config } = useGetConfigQuery();
  const [failed, setFailed] = useState(false);
  const [streets, setStreets] = useState<PlacesNotice | null>(null);
  const key = config?.maps?.googleApiKey ?? null;
  const base = config?.maps?.googleScriptBase ?? 'https://maps.googleapis.com';
  const lat = bias?.lat;
  const lng = bias?.lng;

  useEffect(() => onGoogleAuthFailure(() => setFailed(true)), []);

  const provider = useMemo<PlaceProvider>(() => {
    const builtin = builtinProvider(dispatch, workspaceId, setStreets);
    if (!key) return builtin;
    let ready: Promise<PlaceProvider> | null = null;
    const load = () => {
      ready ??= loadGooglePlaces(base, key).then((places) =>
        googleProvider(places, lat !== undefined && lng !== undefined ? { lat, lng } : undefined),
      );
      return ready;
    };
    return googleWithFallback(load, builtin, () => setFailed(true));
  }, [dispatch, workspaceId, key, base, lat, lng]);

  const notice = failed && key ? googleUnavailableNotice : streets ? streetNotices[streets] : null;
  return { provider, notice: notice ? intl.formatMessage(notice) : null };
}
