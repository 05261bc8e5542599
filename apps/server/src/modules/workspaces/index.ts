/** Workspaces: the routes, creating one (members/ adds its owner), and one workspace's row. */
export { workspaceLive } from './live.js';
export {
  findWorkspace,
  findWorkspaceBySlug,
  lockWorkspace,
  workspaceExportState,
  workspaceMapSettings,
  workspaceSchedule,
  workspaceState,
  workspaceZone,
} from './queries.js';
export { workspaceRoutes } from './routes.js';
export { createWorkspace, type NewWorkspace, type WorkspaceDefaults } from './service.js';
