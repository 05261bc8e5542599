export { StatusLabel, statusIcon, statusText } from './job-status';
export { jobStatusMessages, priorityMessages, statusActionMessage } from './status-messages';
