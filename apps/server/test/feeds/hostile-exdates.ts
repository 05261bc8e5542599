/**
 * A feed harmless in what it shows and costly to read: `series` series every 10 minutes from
 * `from`'s day (Europe/Berlin), each with `exdates` EXDATEs (every other occurrence). The shape of
 * the review's "3 MINUTELY series × 10,000 EXDATEs" that passes the import check's budget.
 */
export function hostileExdates(from: number, series = 3, exdates = 10_000): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  const wall = (ms: number) => {
    const d = new Date(ms);
    return `${d.getUTCFullYear()}${pad(d.getUTCMonth() + 1)}${pad(d.getUTCDate())}T${pad(d.getUTCHours())}${pad(d.getUTCMinutes())}00`;
  };
  const start = Math.floor(from / 86_400_000) * 86_400_000;
  const lines = ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Hostile//EN'];
  for (let s = 0; s < series; s++) {
    lines.push(
      'BEGIN:VEVENT',
      `UID:minutely-${s}`,
      'DTSTAMP:20260101T000000Z',
      `DTSTART;TZID=Europe/Berlin:${wall(start)}`,
      'DURATION:PT1M',
      'RRULE:FREQ=MINUTELY;INTERVAL=10',
      ...Array.from({ length: exdates }, (_, i) => `EXDATE;TZID=Europe/Berlin:${wall(start + (2 * i + 1) * 600_000)}`),
      `SUMMARY:Minutely ${s}`,
      'END:VEVENT',
    );
  }
  lines.push('END:VCALENDAR', '');
  return lines.join('\r\n');
}
