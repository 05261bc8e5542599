import type { LiveRegistry } from '../base/live-registry';
import { areaLive } from '../entities/area/live';
import { feedLive } from '../entities/feed/live';
import { jobLive } from '../entities/job/live';
import { memberLive } from '../entities/member/live';
import { recordLive } from '../entities/record/live';
import { travelLive } from '../entities/travel/live';
import { workspaceLive } from '../entities/workspace/live';
import { bookingRequestLive } from '../features/booking/office/live';
import { customerLive } from '../features/customers/live';
import { importLive } from '../features/import';
import { myDayLive } from '../features/my-day/live';
import { notificationSettingsLive } from '../features/notifications';

/**
 * How every change-log entity lands in the caches (realtime/apply-change.ts runs them in this
 * order). A new entity or cache: its `live.ts` and one line here.
 */
export const liveEntities: LiveRegistry = [
  ...travelLive,
  jobLive,
  myDayLive,
  memberLive,
  workspaceLive,
  customerLive,
  areaLive,
  feedLive,
  ...recordLive,
  bookingRequestLive,
  importLive,
  notificationSettingsLive,
];
