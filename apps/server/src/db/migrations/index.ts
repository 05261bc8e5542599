import type { Migration } from 'kysely';
import * as foundation from './0001-foundation.js';
import * as schedule from './0002-schedule.js';
import * as areas from './0003-areas.js';
import * as realtimeLocations from './0004-realtime-locations.js';
import * as feeds from './0005-feeds.js';
import * as tracking from './0006-tracking.js';
import * as flexibleWindows from './0007-flexible-windows.js';
import * as signUpAttempts from './0008-sign-up-attempts.js';
import * as feedTokenReasons from './0009-feed-token-reasons.js';
import * as timeFormat from './0010-time-format.js';
import * as defaultJobMinutes from './0011-default-job-minutes.js';
import * as workRecord from './0012-work-record.js';
import * as photos from './0013-photos.js';
import * as visitStatusTimes from './0014-visit-status-times.js';
import * as notifications from './0015-notifications.js';
import * as photoLocation from './0016-photo-location.js';
import * as booking from './0017-booking.js';
import * as periodicRuns from './0018-periodic-runs.js';
import * as importTables from './0019-import.js';
import * as bookingCapHits from './0020-booking-cap-hits.js';
import * as languages from './0021-languages.js';

/** Every migration, in order. Imported statically so the bundled server carries them. */
export const migrations: Record<string, Migration> = {
  '0001-foundation': foundation,
  '0002-schedule': schedule,
  '0003-areas': areas,
  '0004-realtime-locations': realtimeLocations,
  '0005-feeds': feeds,
  '0006-tracking': tracking,
  '0007-flexible-windows': flexibleWindows,
  '0008-sign-up-attempts': signUpAttempts,
  '0009-feed-token-reasons': feedTokenReasons,
  '0010-time-format': timeFormat,
  '0011-default-job-minutes': defaultJobMinutes,
  '0012-work-record': workRecord,
  '0013-photos': photos,
  '0014-visit-status-times': visitStatusTimes,
  '0015-notifications': notifications,
  '0016-photo-location': photoLocation,
  '0017-booking': booking,
  '0018-periodic-runs': periodicRuns,
  '0019-import': importTables,
  '0020-booking-cap-hits': bookingCapHits,
  '0021-languages': languages,
};
