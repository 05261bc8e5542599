/** Online booking in the office: the nav badge's count and the board's marks (the screens are lazy-loaded by path). */
export { usePendingRequestCount, usePendingRequestJobIds } from './office/use-pending-requests';
