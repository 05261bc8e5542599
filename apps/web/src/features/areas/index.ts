/** What other features may use of areas; everything else here is its own. */
export { useOutsideAreas } from './use-outside-areas';
