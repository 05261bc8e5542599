import type { LatLng } from '@fieldplan/shared';
import L from 'leaflet';
import markerIcon from 'leaflet/dist/images/marker-icon.png';
import markerIcon2x from 'leaflet/dist/images/marker-icon-2x.png';
import markerShadow from 'leaflet/dist/images/marker-shadow.png';
import { useEffect } from 'react';
import { useMap } from 'react-leaflet';

// Leaflet's default pin: under Vite its images must be imported and handed to L.icon.
export const defaultPinIcon = L.icon({
  iconUrl: markerIcon,
  iconRetinaUrl: markerIcon2x,
  shadowUrl: markerShadow,
  iconSize: [25, 41],
  iconAnchor: [12, 41],
  tooltipAnchor: [0, -34],
  shadowSize: [41, 41],
});

/** A pin on a place found with the search box, named in a tooltip (as text). */
export function FoundPlace({ at, label }: { at: LatLng; label: string }) {
  const map = useMap();
  useEffect(() => {
    const text = document.createElement('span');
    text.textContent = label;
    const pin = L.marker([at.lat, at.lng], { icon: defaultPinIcon, keyboard: false, alt: label })
      .bindTooltip(text, { direction: 'top', permanent: true })
      .addTo(map);
    return () => {
      pin.remove();
    };
  }, [map, at.lat, at.lng, label]);
  return null;
}
