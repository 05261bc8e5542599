/**
 * The operations of the work record, its photos and customer notifications (docs/PRODUCT.md, "Work
 * record" and "Customer notifications"); merged into the table in operations.ts.
 */
import { type OperationFacts, versionedOperations } from './operation-facts.js';

export const recordOperations: Record<string, OperationFacts> = {
  // work record of a visit (notes, checklists, signature; photos below)
  'GET /api/v1/workspaces/{ws}/jobs/{id}/record': {
    id: 'getVisitRecord',
    summary: "A visit's work record: notes, photos, checklists, signature",
  },
  'POST /api/v1/workspaces/{ws}/jobs/{id}/notes': {
    id: 'createVisitNote',
    summary: 'Write a note on a visit (idempotent by the id the client made)',
  },
  'PATCH /api/v1/workspaces/{ws}/notes/{noteId}': { id: 'updateVisitNote', summary: 'Edit your note', ifMatch: true },
  'DELETE /api/v1/workspaces/{ws}/notes/{noteId}': {
    id: 'deleteVisitNote',
    summary: 'Delete a note',
    ifMatch: true,
    noContent: true,
  },
  'GET /api/v1/workspaces/{ws}/jobs/{id}/checklists': {
    id: 'getJobChecklists',
    summary: 'Checklist templates attached to a job',
  },
  'PUT /api/v1/workspaces/{ws}/jobs/{id}/checklists': {
    id: 'setJobChecklists',
    summary: 'Attach checklist templates to a job by hand',
  },
  'PUT /api/v1/workspaces/{ws}/jobs/{id}/checklists/{templateId}/answers': {
    id: 'answerVisitChecklist',
    summary: "Save answers to a visit's checklist",
    ifMatch: true,
  },
  'PUT /api/v1/workspaces/{ws}/jobs/{id}/signature': {
    id: 'signVisit',
    summary: "Store the customer's signature of a visit (a PNG up to 512 KB)",
  },
  'GET /api/v1/workspaces/{ws}/jobs/{id}/signature/image': {
    id: 'getVisitSignatureImage',
    summary: "The customer's signature of a visit as a PNG",
    answers: {
      200: {
        description: 'The PNG, served with nosniff.',
        content: { 'image/png': { schema: { type: 'string', format: 'binary' } } },
      },
    },
  },
  ...versionedOperations(
    '/api/v1/workspaces/{ws}/checklist-templates',
    { one: 'ChecklistTemplate', many: 'ChecklistTemplates', a: 'a checklist template', some: 'checklist templates' },
    ['list', 'create', 'update', 'delete'],
    '{templateId}',
  ),
  'GET /api/v1/workspaces/{ws}/my-day': { id: 'getMyDay', summary: "A technician's visits of one day" },
  // customer notifications (docs/PRODUCT.md, "Customer notifications")
  'GET /api/v1/workspaces/{ws}/notification-settings': {
    id: 'getNotificationSettings',
    summary: 'Notification settings and templates',
  },
  'PUT /api/v1/workspaces/{ws}/notification-settings': {
    id: 'saveNotificationSettings',
    summary: 'Change notification settings and templates',
    ifMatch: true,
  },
  'GET /api/v1/workspaces/{ws}/jobs/{id}/notifications': {
    id: 'listJobNotifications',
    summary: "A job's customer notifications",
  },
  'POST /api/v1/workspaces/{ws}/jobs/{id}/notifications/{notificationId}/resend': {
    id: 'resendNotification',
    summary: 'Send a notification again',
  },
  'GET /api/v1/workspaces/{ws}/notification-optouts': {
    id: 'listNotificationOptOuts',
    summary: 'Customers who get no notifications',
  },
  'PUT /api/v1/workspaces/{ws}/notification-optouts/{customerId}': {
    id: 'optOutCustomer',
    summary: 'Stop notifications to a customer',
    noContent: true,
  },
  'DELETE /api/v1/workspaces/{ws}/notification-optouts/{customerId}': {
    id: 'optInCustomer',
    summary: 'Send notifications to a customer again',
    noContent: true,
  },
  'GET /api/v1/unsubscribe/{token}': {
    id: 'showUnsubscribe',
    summary: "A customer's unsubscribe page",
    access: 'public',
    answers: {
      200: {
        description: 'A page with the unsubscribe button.',
        content: { 'text/html': { schema: { type: 'string' } } },
      },
    },
  },
  'POST /api/v1/unsubscribe/{token}': {
    id: 'unsubscribe',
    summary: 'One-click unsubscribe (RFC 8058)',
    access: 'public',
    answers: {
      200: {
        description: 'The customer gets no more notifications.',
        content: { 'text/html': { schema: { type: 'string' } } },
      },
    },
  },
  'GET /api/v1/visit-report/{token}': {
    id: 'showVisitReport',
    summary: "A customer's report of a completed visit",
    access: 'public',
    answers: {
      200: {
        description: 'The report as a page (times, checklists and answers, who signed; no notes or photos).',
        content: { 'text/html': { schema: { type: 'string' } } },
      },
    },
  },
  // photos of a visit (docs/PRODUCT.md, "Work record")
  'GET /api/v1/workspaces/{ws}/jobs/{id}/photos': { id: 'listVisitPhotos', summary: "List a visit's photos" },
  'POST /api/v1/workspaces/{ws}/jobs/{id}/photos': {
    id: 'beginPhotoUpload',
    summary: 'Begin (or resume) a photo upload',
    also: [507],
  },
  'HEAD /api/v1/workspaces/{ws}/photos/{photoId}/upload': {
    id: 'getPhotoUploadOffset',
    summary: "A photo upload's offset",
    answers: {
      204: {
        description:
          'The bytes received so far are in the `Upload-Offset` header: resume from there. `Upload-Complete: ?1` once the photo is finished; `?0` while it is not — with every byte in, that means its finishing step failed (a full storage): send no bytes at that offset to finish it.',
      },
    },
  },
  'PATCH /api/v1/workspaces/{ws}/photos/{photoId}/upload': {
    id: 'uploadPhotoChunk',
    summary: 'Send the next bytes of a photo',
    also: [409, 507],
    requestBody: {
      description: 'The bytes from `Upload-Offset` on (at most 4 MiB).',
      required: true,
      content: { 'application/offset+octet-stream': { schema: { type: 'string', format: 'binary' } } },
    },
  },
  'GET /api/v1/workspaces/{ws}/photos/{photoId}/file': {
    id: 'getPhotoFile',
    summary: 'A photo',
    answers: {
      200: {
        description: 'The image, as its bytes showed it to be.',
        content: {
          'image/jpeg': { schema: { type: 'string', format: 'binary' } },
          'image/png': { schema: { type: 'string', format: 'binary' } },
          'image/webp': { schema: { type: 'string', format: 'binary' } },
        },
      },
    },
  },
  'GET /api/v1/workspaces/{ws}/photos/{photoId}/thumb': {
    id: 'getPhotoThumbnail',
    summary: "A photo's thumbnail",
    answers: {
      200: {
        description: 'The thumbnail made by the browser (JPEG).',
        content: { 'image/jpeg': { schema: { type: 'string', format: 'binary' } } },
      },
    },
  },
  'PATCH /api/v1/workspaces/{ws}/photos/{photoId}': {
    id: 'updatePhoto',
    summary: "Edit a photo's caption",
    ifMatch: true,
  },
  'DELETE /api/v1/workspaces/{ws}/photos/{photoId}': {
    id: 'deletePhoto',
    summary: 'Delete a photo',
    ifMatch: true,
    noContent: true,
  },
};
