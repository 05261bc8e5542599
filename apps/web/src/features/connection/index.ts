/** What other features may use of connection; everything else here is its own. */
export { ConnectionBanner } from './ConnectionBanner';
export { ConnectionIndicator } from './ConnectionIndicator';
