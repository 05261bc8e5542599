/** What other features may use of dispatch; everything else here is its own. */
export { useBoardLinks, useScheduleContext } from './schedule-context';
