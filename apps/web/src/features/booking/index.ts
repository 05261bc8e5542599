/** Online booking in the office: the nav badge's count (the screens are lazy-loaded by path). */
export { usePendingRequestCount } from './office/use-pending-requests';
