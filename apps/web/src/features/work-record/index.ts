// The work record's door for other features: the job panel shows a visit's record.
export { VisitRecordSection } from './VisitRecordSection';
