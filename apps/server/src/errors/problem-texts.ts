import type { LocalText } from './local-text.js';

// The catalog messages of the errors built from parts (docs/PRODUCT.md, "Error catalogue"): each
// entity, action or limit has a whole sentence of its own, since another language's grammar differs
// per noun ("Der Auftrag wurde nicht gefunden", "Die Notiz …"). Keyed by the English part a caller
// names; the English in the catalog is what the code writes. One missing here stays English.

/** A message of the server's catalog with its arguments, formatted in the request's language. */
export const catalogText =
  (descriptor: { id: string }, values?: Record<string, string | number>): LocalText =>
  (intl) =>
    intl.formatMessage(descriptor, values);

/** The text of `key` in `table`, when it has one. */
export function partText(
  table: Readonly<Record<string, { id: string }>>,
  key: string,
  values?: Record<string, string | number>,
): LocalText | undefined {
  const descriptor = Object.hasOwn(table, key) ? table[key] : undefined;
  return descriptor && catalogText(descriptor, values);
}

/** "<Label> was not found", by the label notFound names. */
export const missingTexts: Readonly<Record<string, { id: string }>> = {
  'This resource': { id: 'problems.notFound.resource' },
  Job: { id: 'problems.notFound.job' },
  Workspace: { id: 'problems.notFound.workspace' },
  'Booking page': { id: 'problems.notFound.bookingPage' },
  'Booking request': { id: 'problems.notFound.bookingRequest' },
  Service: { id: 'problems.notFound.service' },
  Customer: { id: 'problems.notFound.customer' },
  'iCal link': { id: 'problems.notFound.icalLink' },
  Feed: { id: 'problems.notFound.feed' },
  'This calendar link': { id: 'problems.notFound.calendarLink' },
  'This unsubscribe link': { id: 'problems.notFound.unsubscribeLink' },
  'This visit report': { id: 'problems.notFound.visitReport' },
  Notification: { id: 'problems.notFound.notification' },
  Member: { id: 'problems.notFound.member' },
  'Service area': { id: 'problems.notFound.serviceArea' },
  'This tracking link': { id: 'problems.notFound.thisTrackingLink' },
  'Tracking link': { id: 'problems.notFound.trackingLink' },
  Import: { id: 'problems.notFound.import' },
  Note: { id: 'problems.notFound.note' },
  Signature: { id: 'problems.notFound.signature' },
  'Checklist of this job': { id: 'problems.notFound.jobChecklist' },
  'Checklist template': { id: 'problems.notFound.checklistTemplate' },
  Invitation: { id: 'problems.notFound.invitation' },
  Photo: { id: 'problems.notFound.photo' },
  Technician: { id: 'problems.notFound.technician' },
  'Error reporting is not configured: this resource': { id: 'problems.notFound.errorReporting' },
};

/** "Someone else changed this <what> …", by the entity versionConflict names. */
export const staleTexts: Readonly<Record<string, { id: string }>> = {
  job: { id: 'problems.versionConflict.job' },
  'booking settings': { id: 'problems.versionConflict.bookingSettings' },
  'booking request': { id: 'problems.versionConflict.bookingRequest' },
  service: { id: 'problems.versionConflict.service' },
  'notification settings': { id: 'problems.versionConflict.notificationSettings' },
  note: { id: 'problems.versionConflict.note' },
  checklist: { id: 'problems.versionConflict.checklist' },
  customer: { id: 'problems.versionConflict.customer' },
  feed: { id: 'problems.versionConflict.feed' },
  'service area': { id: 'problems.versionConflict.serviceArea' },
  'checklist template': { id: 'problems.versionConflict.checklistTemplate' },
  photo: { id: 'problems.versionConflict.photo' },
};

/** "You don't have permission to <action>", by the action forbidden names. */
export const forbiddenTexts: Readonly<Record<string, { id: string }>> = {
  'add photos': { id: 'problems.forbidden.addPhotos' },
  'add photos to this visit': { id: 'problems.forbidden.addPhotosToThisVisit' },
  "add to someone else's upload": { id: 'problems.forbidden.addToSomeoneElseSUpload' },
  'attach checklists to jobs': { id: 'problems.forbidden.attachChecklistsToJobs' },
  "change a customer's notifications": { id: 'problems.forbidden.changeACustomerSNotifications' },
  'change booking services': { id: 'problems.forbidden.changeBookingServices' },
  'change booking settings': { id: 'problems.forbidden.changeBookingSettings' },
  'change notification settings': { id: 'problems.forbidden.changeNotificationSettings' },
  'change team members': { id: 'problems.forbidden.changeTeamMembers' },
  'change the status of jobs': { id: 'problems.forbidden.changeTheStatusOfJobs' },
  "change the status of someone else's job": { id: 'problems.forbidden.changeTheStatusOfSomeoneElseSJob' },
  'change workspace settings': { id: 'problems.forbidden.changeWorkspaceSettings' },
  'confirm booking requests': { id: 'problems.forbidden.confirmBookingRequests' },
  'create booking services': { id: 'problems.forbidden.createBookingServices' },
  'create calendar subscriptions': { id: 'problems.forbidden.createCalendarSubscriptions' },
  'create checklist templates': { id: 'problems.forbidden.createChecklistTemplates' },
  'create customers': { id: 'problems.forbidden.createCustomers' },
  'create iCal links': { id: 'problems.forbidden.createICalLinks' },
  "create iCal links for anything but one's own jobs": {
    id: 'problems.forbidden.createICalLinksForAnythingButOneSOwnJobs',
  },
  'create jobs': { id: 'problems.forbidden.createJobs' },
  'create notes': { id: 'problems.forbidden.createNotes' },
  'create photos': { id: 'problems.forbidden.createPhotos' },
  'create service areas': { id: 'problems.forbidden.createServiceAreas' },
  'decline booking requests': { id: 'problems.forbidden.declineBookingRequests' },
  'delete booking services': { id: 'problems.forbidden.deleteBookingServices' },
  'delete calendar subscriptions': { id: 'problems.forbidden.deleteCalendarSubscriptions' },
  'delete checklist templates': { id: 'problems.forbidden.deleteChecklistTemplates' },
  'delete customers': { id: 'problems.forbidden.deleteCustomers' },
  'delete jobs': { id: 'problems.forbidden.deleteJobs' },
  'delete notes': { id: 'problems.forbidden.deleteNotes' },
  'delete photos': { id: 'problems.forbidden.deletePhotos' },
  'delete photos of this visit': { id: 'problems.forbidden.deletePhotosOfThisVisit' },
  'delete service areas': { id: 'problems.forbidden.deleteServiceAreas' },
  "delete someone else's note": { id: 'problems.forbidden.deleteSomeoneElseSNote' },
  'download the workspace archive': { id: 'problems.forbidden.downloadTheWorkspaceArchive' },
  'edit booking services': { id: 'problems.forbidden.editBookingServices' },
  'edit calendar subscriptions': { id: 'problems.forbidden.editCalendarSubscriptions' },
  'edit checklist templates': { id: 'problems.forbidden.editChecklistTemplates' },
  'edit customers': { id: 'problems.forbidden.editCustomers' },
  'edit jobs': { id: 'problems.forbidden.editJobs' },
  'edit notes': { id: 'problems.forbidden.editNotes' },
  'edit photos': { id: 'problems.forbidden.editPhotos' },
  'edit photos of this visit': { id: 'problems.forbidden.editPhotosOfThisVisit' },
  'edit service areas': { id: 'problems.forbidden.editServiceAreas' },
  "edit someone else's note": { id: 'problems.forbidden.editSomeoneElseSNote' },
  'export data': { id: 'problems.forbidden.exportData' },
  'fill in checklists': { id: 'problems.forbidden.fillInChecklists' },
  'fill in checklists of this visit': { id: 'problems.forbidden.fillInChecklistsOfThisVisit' },
  import: { id: 'problems.forbidden.import' },
  'invite people': { id: 'problems.forbidden.invitePeople' },
  'join this channel': { id: 'problems.forbidden.joinThisChannel' },
  'join this workspace’s channels': { id: 'problems.forbidden.joinThisWorkspaceSChannels' },
  "optimise a technician's day": { id: 'problems.forbidden.optimiseATechnicianSDay' },
  'refresh calendar subscriptions': { id: 'problems.forbidden.refreshCalendarSubscriptions' },
  'remove calendar subscriptions': { id: 'problems.forbidden.removeCalendarSubscriptions' },
  'resend notifications': { id: 'problems.forbidden.resendNotifications' },
  'revoke iCal links': { id: 'problems.forbidden.revokeICalLinks' },
  'revoke tracking links': { id: 'problems.forbidden.revokeTrackingLinks' },
  'schedule jobs': { id: 'problems.forbidden.scheduleJobs' },
  "see a job's notifications": { id: 'problems.forbidden.seeAJobSNotifications' },
  'see booking requests': { id: 'problems.forbidden.seeBookingRequests' },
  'see booking services': { id: 'problems.forbidden.seeBookingServices' },
  'see booking settings': { id: 'problems.forbidden.seeBookingSettings' },
  'see calendar subscriptions': { id: 'problems.forbidden.seeCalendarSubscriptions' },
  'see changes': { id: 'problems.forbidden.seeChanges' },
  'see checklist templates': { id: 'problems.forbidden.seeChecklistTemplates' },
  'see checklists': { id: 'problems.forbidden.seeChecklists' },
  'see customers': { id: 'problems.forbidden.seeCustomers' },
  'see every technician’s live location': { id: 'problems.forbidden.seeEveryTechnicianSLiveLocation' },
  'see iCal links': { id: 'problems.forbidden.seeICalLinks' },
  'see imports': { id: 'problems.forbidden.seeImports' },
  'see invitations': { id: 'problems.forbidden.seeInvitations' },
  'see jobs': { id: 'problems.forbidden.seeJobs' },
  'see live locations': { id: 'problems.forbidden.seeLiveLocations' },
  'see notes': { id: 'problems.forbidden.seeNotes' },
  'see notification settings': { id: 'problems.forbidden.seeNotificationSettings' },
  'see photos': { id: 'problems.forbidden.seePhotos' },
  'see service areas': { id: 'problems.forbidden.seeServiceAreas' },
  'see signatures': { id: 'problems.forbidden.seeSignatures' },
  'see the calendar': { id: 'problems.forbidden.seeTheCalendar' },
  'see the team': { id: 'problems.forbidden.seeTheTeam' },
  'see tracking links': { id: 'problems.forbidden.seeTrackingLinks' },
  'see who gets no notifications': { id: 'problems.forbidden.seeWhoGetsNoNotifications' },
  'see work records': { id: 'problems.forbidden.seeWorkRecords' },
  'share your location': { id: 'problems.forbidden.shareYourLocation' },
  'subscribe calendars': { id: 'problems.forbidden.subscribeCalendars' },
  'take signatures': { id: 'problems.forbidden.takeSignatures' },
  'take signatures on this visit': { id: 'problems.forbidden.takeSignaturesOnThisVisit' },
  'use realtime without an active membership': { id: 'problems.forbidden.useRealtimeWithoutAnActiveMembership' },
  'withdraw invitations': { id: 'problems.forbidden.withdrawInvitations' },
  'write notes': { id: 'problems.forbidden.writeNotes' },
  'write notes on this visit': { id: 'problems.forbidden.writeNotesOnThisVisit' },
};

/** "Too many <what>, try again in N s", by the things enforceLimit counts. */
export const limitTexts: Readonly<Record<string, { id: string }>> = {
  requests: { id: 'problems.rateLimit.requests' },
  'sign-ups': { id: 'problems.rateLimit.signUps' },
  searches: { id: 'problems.rateLimit.searches' },
  'booking requests': { id: 'problems.rateLimit.bookingRequests' },
  exports: { id: 'problems.rateLimit.exports' },
  'refreshes of this feed': { id: 'problems.rateLimit.refreshesOfThisFeed' },
  'archive downloads': { id: 'problems.rateLimit.archiveDownloads' },
  restores: { id: 'problems.rateLimit.restores' },
  'restores today': { id: 'problems.rateLimit.restoresToday' },
  'error reports': { id: 'problems.rateLimit.errorReports' },
};
