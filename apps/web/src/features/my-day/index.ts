// My day's door for other features (the visit's work record queues "completed" through the same status changes).
export { localDate, nextWorkingStep } from './day';
export { useGetMyDayQuery } from './endpoints';
export { RefusedChange } from './RefusedChange';
export { pendingStatus } from './status-outbox';
export { useStatusQueue } from './use-status-queue';
