/** A matched route as react-router's data router reports it (`router.state.matches`). */
export interface MatchLike {
  route: { path?: string };
}

/**
 * The route pattern of the current match chain, e.g. `/w/:slug/jobs/:id`: what error reports are
 * grouped by, instead of the concrete URL (which names workspaces and records).
 */
export function routePattern(matches: readonly MatchLike[]): string {
  let pattern = '';
  for (const { route } of matches) {
    if (!route.path) continue;
    if (route.path.startsWith('/')) pattern = route.path;
    else pattern = `${pattern.replace(/\/$/, '')}/${route.path}`;
  }
  return pattern || '/';
}
