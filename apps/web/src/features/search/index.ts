/** What other features may use of search; everything else here is its own. */
export { SearchButton } from './SearchButton';
