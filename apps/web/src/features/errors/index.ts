/** What other features may use of errors; everything else here is its own. */
export { NotFoundPage } from './NotFoundPage';
