/** `/login?next=…` that brings the user back to `path` after signing in. */
export function loginPath(path: string): string {
  if (!path || path === '/' || path.startsWith('/login')) return '/login';
  return `/login?next=${encodeURIComponent(path)}`;
}

/** The `next` parameter if it is a path inside this app, else null (no open redirects). */
export function safeNext(next: string | null): string | null {
  if (!next?.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return null;
  return next;
}
