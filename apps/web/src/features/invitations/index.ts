/** What other features may use of invitations; everything else here is its own. */

export { useGetInvitationsQuery } from './endpoints';
export { InviteForm, inviteEmailId } from './InviteForm';
export { PendingInvitations } from './PendingInvitations';
