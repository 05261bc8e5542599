/** What other features may use of the import; everything else here is its own. */
export { importLive } from './live';
