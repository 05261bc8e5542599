/**
 * A choice one user makes about a screen's layout (pane widths, the day's hours), kept in this
 * browser under their user id: it is a layout hint, not data, so the API holds no field for it.
 */
const storageKey = (name: string, userId: string) => `fieldplan:${name}:${userId}`;

/** The stored value, or null when there is none or storage is refused (private windows). */
export function readPreference(name: string, userId: string): unknown {
  try {
    return JSON.parse(localStorage.getItem(storageKey(name, userId)) ?? 'null');
  } catch {
    return null;
  }
}

export function writePreference(name: string, userId: string, value: unknown): void {
  try {
    localStorage.setItem(storageKey(name, userId), JSON.stringify(value));
  } catch {
    // Storage refused or full: the choice holds until the page reloads, just not remembered.
  }
}
