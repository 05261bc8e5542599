import { instantToWall, wallToInstant } from '@fieldplan/shared';
import { createPlugin } from '@fullcalendar/core';
import { NamedTimeZoneImpl } from '@fullcalendar/core/internal';

/**
 * FullCalendar's named-time-zone hook, answered by the shared zone functions the server expands
 * recurrences with: the calendar reads and writes instants in the workspace's zone, resolves DST
 * gaps exactly like the server (docs/adr/0007), and costs a cached lookup per date instead of a
 * Luxon/Moment object per conversion.
 */
class WorkspaceZone extends NamedTimeZoneImpl {
  /** Minutes east of UTC for a wall-clock time given as `[y, m0, d, h, min, s, ms]`. */
  offsetForArray(a: number[]): number {
    const wall = Date.UTC(a[0] ?? 1970, a[1] ?? 0, a[2] ?? 1, a[3] ?? 0, a[4] ?? 0, a[5] ?? 0, a[6] ?? 0);
    return (wall - wallToInstant(this.timeZoneName, wall)) / 60_000;
  }

  /** The wall-clock fields of an instant in the zone. */
  timestampToArray(ms: number): number[] {
    const d = new Date(instantToWall(this.timeZoneName, ms));
    return [
      d.getUTCFullYear(),
      d.getUTCMonth(),
      d.getUTCDate(),
      d.getUTCHours(),
      d.getUTCMinutes(),
      d.getUTCSeconds(),
      d.getUTCMilliseconds(),
    ];
  }
}

export const workspaceZonePlugin = createPlugin({ name: 'fieldplan-zone', namedTimeZonedImpl: WorkspaceZone });
