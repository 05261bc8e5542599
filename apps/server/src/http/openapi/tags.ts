/**
 * Every tag a route may give its operations, with what the group is about. The document declares
 * the tags its operations use, in this order (document.ts); a route with a tag missing here, or an
 * entry no operation uses, fails `test/openapi.test.ts`.
 */
export const apiTags: Record<string, string> = {
  system: 'Probes for load balancers and the configuration the browser app starts with.',
  auth: 'Accounts and sessions: sign up, sign in, sign out, who is signed in.',
  workspaces: "A workspace's name and settings.",
  members: 'The team of a workspace: roles, colours, activation.',
  invitations: 'Invitations to join a workspace, by email link.',
  customers: 'Customers and their addresses.',
  jobs: 'Jobs: what is to be done, for whom, where and when, and who does it.',
  calendar: 'The schedule over a time range: visits, the drives between them, busy time from subscribed calendars.',
  areas: 'Service areas drawn on the map.',
  'work record': "What is recorded on a visit: notes, checklists and their templates, the customer's signature.",
  photos: "A visit's photos: resumable uploads, captions, thumbnails and the files themselves.",
  locations: "Technicians' shared positions: sending one's own, seeing the team's latest.",
  places: 'Searching places by name, and the place names of the offline map.',
  'my-day': "A technician's visits of one day.",
  import: 'Bringing customers and jobs in from CSV and Excel files.',
  export: 'Taking data out as CSV or Excel, and a whole workspace as an archive (and back in, as a new workspace).',
  feeds: 'Calendar subscriptions (iCalendar feeds) whose events block time.',
  notifications: 'Emails to customers about their visits: settings, templates, history and opting out.',
  booking: "Online booking: the workspace's settings and the public booking page's operations.",
  tracking: 'Tracking links: the page where a customer follows their visit, and the office revoking a link.',
  realtime: 'Signing realtime channel subscriptions and the changes feed that keeps clients current.',
  monitoring: 'Error reports from the browser, passed on to the configured ingest.',
};

interface TaggedDocument {
  paths?: Record<string, Record<string, object>>;
}

/** The document's top-level `tags`: each tag its operations use that the table describes, in table order. */
export function declaredTags(doc: TaggedDocument): { name: string; description: string }[] {
  const used = new Set<string>();
  for (const item of Object.values(doc.paths ?? {})) {
    for (const op of Object.values(item)) {
      const tags: unknown = 'tags' in op ? op.tags : undefined;
      if (Array.isArray(tags)) for (const tag of tags) used.add(String(tag));
    }
  }
  return Object.entries(apiTags)
    .filter(([name]) => used.has(name))
    .map(([name, description]) => ({ name, description }));
}
