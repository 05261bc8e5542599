/**
 * The operations of online booking (docs/PRODUCT.md, "Online booking"): the office's settings,
 * services and requests, and the public booking page's API; merged into the table in operations.ts.
 */
import type { OperationFacts } from './operation-facts.js';

export const bookingOperations: Record<string, OperationFacts> = {
  'GET /api/v1/workspaces/{ws}/booking/settings': {
    id: 'getBookingSettings',
    summary: 'Online booking settings, with the public page address and embed snippet',
  },
  'PUT /api/v1/workspaces/{ws}/booking/settings': {
    id: 'saveBookingSettings',
    summary: 'Change the online booking settings',
    ifMatch: true,
  },
  'GET /api/v1/workspaces/{ws}/booking/services': { id: 'listBookingServices', summary: 'Services customers can book' },
  'POST /api/v1/workspaces/{ws}/booking/services': { id: 'createBookingService', summary: 'Add a bookable service' },
  'PATCH /api/v1/workspaces/{ws}/booking/services/{id}': {
    id: 'updateBookingService',
    summary: 'Change a bookable service',
    ifMatch: true,
  },
  'DELETE /api/v1/workspaces/{ws}/booking/services/{id}': {
    id: 'deleteBookingService',
    summary: 'Delete a bookable service',
    noContent: true,
  },
  'GET /api/v1/workspaces/{ws}/booking/requests': {
    id: 'listBookingRequests',
    summary: 'Booking requests, with the number waiting for a decision',
  },
  'POST /api/v1/workspaces/{ws}/booking/requests/{id}/confirm': {
    id: 'confirmBookingRequest',
    summary: 'Confirm a booking request',
    ifMatch: true,
    also: [409],
  },
  'POST /api/v1/workspaces/{ws}/booking/requests/{id}/decline': {
    id: 'declineBookingRequest',
    summary: 'Decline a booking request (its job is cancelled)',
    ifMatch: true,
    also: [409],
  },
  'GET /api/public/book/{slug}': {
    id: 'getBookingPage',
    summary: "A workspace's public booking page",
    access: 'public',
    rateLimited: true,
  },
  'GET /api/public/book/{slug}/places': {
    id: 'searchBookingPlaces',
    summary: 'Address search for the booking page',
    access: 'public',
    rateLimited: true,
  },
  'POST /api/public/book/{slug}/slots': {
    id: 'listBookingSlots',
    summary: 'Times offered for a service at a site',
    access: 'public',
    rateLimited: true,
  },
  'POST /api/public/book/{slug}/challenge': {
    id: 'getBookingChallenge',
    summary: 'A proof-of-work challenge for a booking request',
    access: 'public',
    rateLimited: true,
  },
  'POST /api/public/book/{slug}/requests': {
    id: 'requestBooking',
    summary: 'Request a booking',
    access: 'public',
    rateLimited: true,
    also: [409],
  },
};
