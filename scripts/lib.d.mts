// Types of lib.mjs for the TypeScript test helpers.
export const root: string;
export function newestMtime(dirs: readonly string[]): number;
export function isStale(output: string, sources: readonly string[]): boolean;
