/** What other features may use of auth; everything else here is its own. */
export { useSignOut } from './use-sign-out';
