/** What other features may use of shell; everything else here is its own. */
export { AppShell } from './AppShell';
export { ShellSkeleton } from './ShellSkeleton';
