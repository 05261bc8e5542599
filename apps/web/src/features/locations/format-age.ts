import { t } from '../../lib/i18n';

/** How old a fix is, in words a dispatcher reads at a glance: "now", "40 s ago", "3 min ago", "2 h ago". */
export function formatAge(ms: number): string {
  const s = Math.max(0, Math.round(ms / 1000));
  if (s < 10) return t({ id: 'locations.age.now' });
  if (s < 60) return t({ id: 'locations.age.seconds' }, { s });
  const min = Math.floor(s / 60);
  if (min < 60) return t({ id: 'locations.age.minutes' }, { min });
  return t({ id: 'locations.age.hours' }, { h: Math.floor(min / 60) });
}

/** A fix older than this no longer pulses: the technician may have stopped sharing. */
export const staleAfterMs = 5 * 60 * 1000;
