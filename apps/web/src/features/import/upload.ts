import { errorTitle, type Import, type ImportKind, isProblem, type Problem } from '@fieldplan/shared';

/**
 * Sends a file as the upload's body (docs/PRODUCT.md, "Import"), reporting how much of it has gone
 * (0–1): XMLHttpRequest, because fetch can't tell upload progress.
 */
export function uploadImport(
  workspaceId: string,
  kind: ImportKind,
  file: File,
  onProgress: (sent: number) => void,
): Promise<{ data: Import } | { error: Problem }> {
  const query = new URLSearchParams({ kind, fileName: file.name });
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `/api/v1/workspaces/${encodeURIComponent(workspaceId)}/imports?${query}`);
    xhr.setRequestHeader('accept', 'application/json, application/problem+json');
    xhr.setRequestHeader('content-type', 'application/octet-stream');
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(e.loaded / e.total);
    };
    xhr.onload = () => {
      let body: unknown = null;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        // Not JSON: described below.
      }
      if (xhr.status === 201) resolve({ data: body as Import });
      else if (isProblem(body)) resolve({ error: body });
      else resolve({ error: failure(`The server answered ${xhr.status}`) });
    };
    xhr.onerror = () => resolve({ error: failure('Check your connection and try again.') });
    xhr.send(file);
  });
}

const failure = (detail: string): Problem => ({
  type: 'about:blank',
  title: errorTitle.internal,
  status: 0,
  code: 'internal',
  detail,
});
