/** The release name: the build's git commit when known, else the package version. */
export const version: string = process.env.FIELDPLAN_RELEASE ?? '0.1.0';
