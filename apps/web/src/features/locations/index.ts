/** What other features may use of locations; everything else here is its own. */
export { LiveTechnicianMarkers } from './LiveTechnicianMarkers';
export { LocationSharer } from './LocationSharer';
export { ShareLocationItem, SharingBadge } from './ShareLocationItem';
export { stopSharing } from './sharing-actions';
export { forgetShift } from './sharing-memory';
export type { SharingStatus } from './sharing-slice';
export { sharingStatusMessages, useSharingSwitch } from './use-sharing-switch';
