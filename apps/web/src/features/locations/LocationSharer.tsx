import { useLocationSharing } from './use-location-sharing';

/** Runs the location sharing while the app shell is open (renders nothing). */
export function LocationSharer() {
  useLocationSharing();
  return null;
}
