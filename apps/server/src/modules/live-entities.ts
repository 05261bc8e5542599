import type { LiveEntities } from '../realtime/live-entity.js';
import { areaLive } from './areas/live.js';
import { customerLive } from './customers/live.js';
import { feedLive } from './feeds/live.js';
import { jobLive } from './jobs/live.js';
import { memberLive } from './members/live.js';
import { workspaceLive } from './workspaces/live.js';

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
};
