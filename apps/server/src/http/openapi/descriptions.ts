/**
 * What an operation does, for the operations whose route schema has no `description` of its own (a
 * route's own description wins). Keys as in operations.ts. An operation with neither fails
 * `test/openapi.test.ts` and the API lint: a new route says what it does, here or in its schema.
 */
export const operationDescriptions: Record<string, string> = {
  // system
  'GET /healthz': 'Answers 200 while the process runs, without touching the database: for liveness probes.',
  'GET /readyz':
    'Answers 200 when the database answers a ping within its deadline, else 503: a load balancer sends traffic only to a ready process.',
  'GET /api/v1/config':
    'What the browser app needs before anyone signs in: the version, and the settings of this installation for maps, realtime, error reporting and travel times.',
  // auth
  'POST /api/v1/auth/sign-up':
    'Creates an account with its own workspace. The answer is the same whether or not the email already has an account, so the form cannot be used to find out who has one; sign in next.',
  'POST /api/v1/auth/sign-in':
    'Checks the email and password and starts a session (an HTTP-only cookie). Attempts are counted per address and per account.',
  'POST /api/v1/auth/sign-out': 'Ends the current session and clears its cookie.',
  'GET /api/v1/me': 'The signed-in user, their workspace memberships, and notices for them.',
  'PATCH /api/v1/me':
    'Sets the language Fieldplan shows the signed-in user, on every device; null follows the browser. Answers as GET /me does.',
  // workspaces, members, invitations
  'GET /api/v1/workspaces/{ws}': "The workspace's name and settings.",
  'PATCH /api/v1/workspaces/{ws}': "Changes the workspace's name or settings; only the fields sent change.",
  'GET /api/v1/workspaces/{ws}/members':
    "The workspace's members with their roles, colours and whether they are active.",
  'PATCH /api/v1/workspaces/{ws}/members/{id}':
    "Changes a member's role, colour or activation. A deactivated member's sessions lose access to the workspace at once.",
  'GET /api/v1/workspaces/{ws}/invitations':
    'Invitations that were sent and are neither accepted, withdrawn nor expired.',
  'POST /api/v1/workspaces/{ws}/invitations': 'Invites someone by email to join the workspace with a role.',
  'DELETE /api/v1/workspaces/{ws}/invitations/{id}': 'Withdraws an open invitation: its link answers 410 from then on.',
  'GET /api/v1/invitations/{token}':
    'What an invitation link is for (the workspace, the email, the role and until when), so the page can offer to accept it; 410 once used, withdrawn or expired.',
  'POST /api/v1/invitations/{token}/accept':
    'Joins the workspace the invitation names, as the signed-in user, or signing up or in with the details sent.',
  // customers, jobs, areas
  'GET /api/v1/workspaces/{ws}/customers':
    "The workspace's customers, a page at a time (`limit` with `cursor` or `offset`), optionally narrowed by a search text `q`.",
  'POST /api/v1/workspaces/{ws}/customers':
    'Creates a customer; the answer is the customer as stored, with its version.',
  'GET /api/v1/workspaces/{ws}/customers/{id}': 'One customer, with its version (also as the ETag) for a later change.',
  'GET /api/v1/workspaces/{ws}/customers/{id}/jobs': "The customer's jobs, a page at a time.",
  'GET /api/v1/workspaces/{ws}/jobs':
    "The workspace's jobs, a page at a time, narrowed by status, customer, a search text or whether they are scheduled.",
  'POST /api/v1/workspaces/{ws}/jobs': 'Creates a job; the answer is the job as stored, with its version.',
  'GET /api/v1/workspaces/{ws}/jobs/{id}': 'One job, with its version (also as the ETag) for a later change.',
  'GET /api/v1/workspaces/{ws}/areas': "The workspace's service areas, with their shapes on the map.",
  'POST /api/v1/workspaces/{ws}/areas': 'Creates a service area from a shape drawn on the map.',
  'GET /api/v1/workspaces/{ws}/areas/{id}': 'One service area, with its version for a later change.',
  // work record
  'GET /api/v1/workspaces/{ws}/jobs/{id}/checklists':
    "The checklist templates attached to a job, whose answers a visit's work record holds.",
  'GET /api/v1/workspaces/{ws}/checklist-templates': "The workspace's checklist templates.",
  'POST /api/v1/workspaces/{ws}/checklist-templates': 'Creates a checklist template that jobs can have attached.',
  // import
  'GET /api/v1/workspaces/{ws}/imports': "The workspace's latest imports, newest first, with their status and counts.",
  'GET /api/v1/workspaces/{ws}/imports/{id}': 'One import: its file, its mapping and how far it has come.',
  'GET /api/v1/workspaces/{ws}/imports/{id}/unplaced':
    'The rows of an import whose address could not be placed on the map, so the office can place them by hand.',
  // feeds
  'GET /api/v1/workspaces/{ws}/feeds':
    "The workspace's calendar subscriptions, with when each was last fetched and its last error.",
  'GET /api/v1/workspaces/{ws}/feeds/{id}':
    'One calendar subscription, with when it was last fetched and its last error.',
  // notifications
  'GET /api/v1/workspaces/{ws}/notification-settings':
    'Which emails go to customers and when, and the templates they are written from.',
  'GET /api/v1/workspaces/{ws}/jobs/{id}/notifications':
    "The emails sent or due to the job's customer, with how each went.",
  'POST /api/v1/workspaces/{ws}/jobs/{id}/notifications/{notificationId}/resend':
    'Sends a notification of the job again, as a new message.',
  'GET /api/v1/workspaces/{ws}/notification-optouts': 'The customers who asked for, or were given, no notifications.',
  'PUT /api/v1/workspaces/{ws}/notification-optouts/{customerId}': 'Stops notifications to a customer.',
  'DELETE /api/v1/workspaces/{ws}/notification-optouts/{customerId}': 'Sends notifications to a customer again.',
  'GET /api/v1/unsubscribe/{token}':
    "The page an email's unsubscribe link opens: it asks before stopping anything, so a link checker's visit changes nothing.",
  'POST /api/v1/unsubscribe/{token}':
    'Stops notifications to the customer the token names: the one-click unsubscribe of RFC 8058, or the button of the page.',
  // booking
  'GET /api/v1/workspaces/{ws}/booking/settings':
    'The online booking settings, with the address of the public booking page and a snippet to embed it in a website.',
  'GET /api/v1/workspaces/{ws}/booking/services': 'The services customers can book online, with their durations.',
  // realtime, monitoring
  'POST /api/realtime/auth':
    'Signs a subscription to a private or presence channel of the realtime server, for a channel the signed-in user may see.',
  'POST /api/realtime/user-auth': "Signs the realtime connection's user sign-in as the signed-in user.",
  'POST /api/monitoring':
    "Passes the browser's error reports (Sentry envelopes) on to the configured ingest through the app's own origin.",
  // photos
  'GET /api/v1/workspaces/{ws}/jobs/{id}/photos':
    "The photos of a job's visit (`occurrence` names the visit of a series).",
};
