import { formatDateTime } from '../../../lib/format';

/** "Thu 3 Dec, 09:00–10:30" on this device's clock. */
export function slotText(start: string, end: string): string {
  const endTime = new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit' }).format(new Date(end));
  return `${formatDateTime(start)}–${endTime}`;
}

/** "Held 23 h 10 min more", "Held 12 min more", "Expiring". */
export function holdText(expiresAt: string, now: number): string {
  const minutes = Math.floor((Date.parse(expiresAt) - now) / 60_000);
  if (minutes <= 0) return 'Expiring';
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return `Held ${h > 0 ? `${h} h ` : ''}${m} min more`;
}
