import { errorTitle, type Import, type ImportKind, isProblem, type Problem } from '@fieldplan/shared';
import { postFile } from '../../base/post-file';
import { t } from '../../lib/i18n';

/**
 * Sends a file as the upload's body (docs/PRODUCT.md, "Import"), reporting how much of it has gone
 * (0–1).
 */
export async function uploadImport(
  workspaceId: string,
  kind: ImportKind,
  file: File,
  onProgress: (sent: number) => void,
): Promise<{ data: Import } | { error: Problem }> {
  const query = new URLSearchParams({ kind, fileName: file.name });
  const answer = await postFile(
    `/api/v1/workspaces/${encodeURIComponent(workspaceId)}/imports?${query}`,
    { accept: 'application/json, application/problem+json', 'content-type': 'application/octet-stream' },
    file,
    onProgress,
  );
  if (!answer)
    return {
      error: failure(t({ id: 'import.upload.checkConnection' })),
    };
  if (answer.status === 201) return { data: answer.body as Import };
  if (isProblem(answer.body)) return { error: answer.body };
  return {
    error: failure(t({ id: 'import.upload.serverAnswered' }, { status: String(answer.status) })),
  };
}

const failure = (detail: string): Problem => ({
  type: 'about:blank',
  title: errorTitle.internal,
  status: 0,
  code: 'internal',
  detail,
});
