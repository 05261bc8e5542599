/**
 * "Share my location" is remembered for the shift: switched on, it stays on across reloads for the
 * same person on the same local day, until they switch it off, their day's last visit is done, or
 * they sign out (docs/PRODUCT.md, "My day"). One record per device: a phone has one person at a time.
 */
const key = 'fieldplan.sharing.shift';

export interface SharingShift {
  userId: string;
  workspaceId: string;
  /** The device's local date (`YYYY-MM-DD`) it was switched on: a new day starts with it off. */
  date: string;
}

/** `YYYY-MM-DD` of an instant on this device's calendar. */
export function deviceDate(now: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    // Storage blocked (private mode settings): sharing simply isn't remembered.
    return null;
  }
}

export function rememberShift(shift: SharingShift): void {
  try {
    storage()?.setItem(key, JSON.stringify(shift));
  } catch {
    // Full or blocked: the switch still works for this page.
  }
}

export function forgetShift(): void {
  storage()?.removeItem(key);
}

/** The workspace to share with again for `userId` on `today`, or null (none, another person, another day). */
export function rememberedShift(userId: string, today: string): string | null {
  let shift: Partial<SharingShift> | null = null;
  try {
    shift = JSON.parse(storage()?.getItem(key) ?? 'null') as Partial<SharingShift> | null;
  } catch {
    return null;
  }
  if (!shift || shift.userId !== userId || typeof shift.workspaceId !== 'string') return null;
  if (shift.date !== today) {
    forgetShift();
    return null;
  }
  return shift.workspaceId;
}
