/** What other features may use of tracking; everything else here is its own. */
export { TrackingLinks } from './TrackingLinks';
