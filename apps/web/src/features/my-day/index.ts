// My day's door for other features (the visit's work record queues "completed" through the same status queue).
export { localDate, nextWorkingStep } from './day';
export { useGetMyDayQuery } from './endpoints';
export { pendingStatus } from './offline-queue';
export { RefusedChange } from './RefusedChange';
export { useStatusQueue } from './use-status-queue';
