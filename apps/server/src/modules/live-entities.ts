import type { LiveEntities } from '../realtime/live-entity.js';
import { areaLive } from './areas/index.js';
import { bookingRequestLive } from './booking/index.js';
import { customerLive } from './customers/index.js';
import { feedLive } from './feeds/index.js';
import { importLive } from './import/index.js';
import { jobLive } from './jobs/index.js';
import { memberLive } from './members/index.js';
import { notificationSettingsLive } from './notifications/index.js';
import { photoLive } from './photos/index.js';
import {
  checklistLive,
  checklistTemplateLive,
  jobChecklistsLive,
  noteLive,
  signatureLive,
} from './work-record/index.js';
import { workspaceLive } from './workspaces/index.js';

/**
 * Every entity the change log carries and how it goes live (the `change` events and `/changes`).
 * A new entity: its name in `changeEntities` (packages/shared), its `live.ts`, and one line here.
 */
export const liveEntities: LiveEntities = {
  job: jobLive,
  customer: customerLive,
  area: areaLive,
  feed: feedLive,
  member: memberLive,
  workspace: workspaceLive,
  note: noteLive,
  checklist: checklistLive,
  signature: signatureLive,
  photo: photoLive,
  checklist_template: checklistTemplateLive,
  job_checklists: jobChecklistsLive,
  import: importLive,
  booking_request: bookingRequestLive,
  notification_settings: notificationSettingsLive,
};
