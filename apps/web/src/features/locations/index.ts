/** What other features may use of locations; everything else here is its own. */
export { LiveTechnicianMarkers } from './LiveTechnicianMarkers';
export { LocationSharer } from './LocationSharer';
export { ShareLocationItem, SharingBadge } from './ShareLocationItem';
export type { SharingStatus } from './sharing-slice';
export { sharingProblemText, useSharingSwitch } from './use-sharing-switch';
