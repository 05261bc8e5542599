// The work record's door for other features: the job panel shows a visit's record.
export { flushRecordOutbox, recordOutboxFor } from './record-outbox';
export { VisitRecordSection } from './VisitRecordSection';
