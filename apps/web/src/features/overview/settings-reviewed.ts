/**
 * Whether an owner has saved the workspace settings once, for the getting-started checklist.
 * Kept in this browser only: the API has no field for it, and it is only a hint.
 */
const key = (workspaceId: string) => `fieldplan:settings-reviewed:${workspaceId}`;

export function settingsReviewed(workspaceId: string): boolean {
  try {
    return localStorage.getItem(key(workspaceId)) === '1';
  } catch {
    return false;
  }
}

export function markSettingsReviewed(workspaceId: string): void {
  try {
    localStorage.setItem(key(workspaceId), '1');
  } catch {
    // Private mode or storage full: the checklist just stays unticked.
  }
}
