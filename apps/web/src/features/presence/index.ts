/** What other features may use of presence; everything else here is its own. */
export { PresenceAvatars } from './PresenceAvatars';
