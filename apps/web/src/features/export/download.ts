import { type ArchiveRestoreResult, type ExportFormat, errorTitle, isProblem, type Problem } from '@fieldplan/shared';
import { postFile } from '../../base/post-file';
import { t } from '../../lib/i18n';

/** The file name the server gave (`Content-Disposition`), or a fallback. */
function fileNameOf(response: Response, fallback: string): string {
  const match = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '');
  return match?.[1] ?? fallback;
}

async function problemOf(response: Response): Promise<Problem> {
  try {
    const body: unknown = await response.json();
    if (isProblem(body)) return body;
  } catch {
    // not JSON: fall through
  }
  return internalProblem(response.status);
}

const internalProblem = (status: number): Problem => ({
  type: 'about:blank',
  title: errorTitle.internal,
  status,
  code: 'internal',
  detail: t({ id: 'export.problem.internal' }),
});

// Written when it happens, in the page's language at that moment.
const unreachable = (): Problem => ({
  type: 'about:blank',
  title: t({ id: 'export.problem.unreachable' }),
  status: 0,
  code: 'internal',
  detail: t({ id: 'export.problem.checkConnection' }),
});

/** Hands the bytes to the browser as a download. */
function save(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export type DownloadResult = { ok: true; name: string } | { ok: false; problem: Problem };

/**
 * GETs a download of `/api/v1…` (an export or the archive), reporting bytes received as they arrive
 * (the server streams, so the total is unknown), then saves it under the server's file name.
 */
export async function download(
  path: string,
  fallbackName: string,
  onBytes?: (received: number) => void,
): Promise<DownloadResult> {
  let response: Response;
  try {
    response = await fetch(`/api/v1${path}`, { credentials: 'same-origin' });
  } catch {
    return { ok: false, problem: unreachable() };
  }
  if (!response.ok) return { ok: false, problem: await problemOf(response) };
  const chunks: Uint8Array[] = [];
  let received = 0;
  const reader = response.body?.getReader();
  if (reader) {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      received += value.length;
      onBytes?.(received);
    }
  }
  const name = fileNameOf(response, fallbackName);
  save(
    new Blob(chunks as BlobPart[], { type: response.headers.get('content-type') ?? 'application/octet-stream' }),
    name,
  );
  return { ok: true, name };
}

export const exportPath = (
  workspaceId: string,
  what: 'customers' | 'jobs' | 'visits',
  format: ExportFormat,
  filters: Record<string, string | undefined>,
) => {
  const params = new URLSearchParams({ format });
  for (const [key, value] of Object.entries(filters)) if (value) params.set(key, value);
  return `/workspaces/${encodeURIComponent(workspaceId)}/exports/${what}?${params}`;
};

export type RestoreResult = { ok: true; result: ArchiveRestoreResult } | { ok: false; problem: Problem };

/** Uploads an archive (XMLHttpRequest: fetch reports no upload progress); `onProgress` gets 0–1. */
export async function uploadArchive(file: File, onProgress: (sent: number) => void): Promise<RestoreResult> {
  const answer = await postFile('/api/v1/workspace-archives', { 'content-type': 'application/zip' }, file, onProgress);
  if (!answer) return { ok: false, problem: unreachable() };
  if (answer.status === 201) return { ok: true, result: answer.body as ArchiveRestoreResult };
  if (isProblem(answer.body)) return { ok: false, problem: answer.body };
  return { ok: false, problem: internalProblem(answer.status) };
}

/** "12.3 MB". */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 ** 2) return `${(bytes / 1024).toFixed(0)} KB`;
  return `${(bytes / 1024 ** 2).toFixed(1)} MB`;
}
