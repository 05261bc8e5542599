/**
 * The demo workspace's next working day as `YYYY-MM-DD` in its zone (Europe/Berlin): today on a
 * weekday, else the coming Monday. The demo seeds weekday visits only, so a spec that needs jobs on
 * the board opens this day (`?date=`) and runs the same on a Saturday or Sunday.
 */
export function demoWorkday(now = new Date()): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin' }).format(now);
  const date = new Date(`${today}T12:00:00Z`);
  const weekday = date.getUTCDay();
  const ahead = weekday === 6 ? 2 : weekday === 0 ? 1 : 0;
  date.setUTCDate(date.getUTCDate() + ahead);
  return date.toISOString().slice(0, 10);
}
