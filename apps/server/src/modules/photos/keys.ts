// Where a photo's objects live in the file storage. Keys hold only ids the server checked.

const base = (workspaceId: string, photoId: string) => `workspaces/${workspaceId}/photos/${photoId}`;

export const fileKey = (workspaceId: string, photoId: string) => `${base(workspaceId, photoId)}/file`;
export const thumbKey = (workspaceId: string, photoId: string) => `${base(workspaceId, photoId)}/thumb`;
/** A received chunk; the random tail keeps two racing writers of one offset from sharing an object. */
export const partKey = (workspaceId: string, photoId: string, offset: number, nonce: string) =>
  `${base(workspaceId, photoId)}/parts/${offset}-${nonce}`;
