/** What a POST of a file came back with: the status and the body as JSON (null when it isn't JSON). */
export interface PostedFile {
  status: number;
  body: unknown;
}

/**
 * POSTs a file as the request's body, reporting how much of it has gone (0–1) — XMLHttpRequest,
 * because fetch can't tell upload progress. Resolves with null when the request never got an answer.
 */
export function postFile(
  url: string,
  headers: Record<string, string>,
  file: File,
  onProgress: (sent: number) => void,
): Promise<PostedFile | null> {
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(e.loaded / e.total);
    };
    xhr.onload = () => {
      let body: unknown = null;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        // Not JSON: the caller describes the status.
      }
      resolve({ status: xhr.status, body });
    };
    xhr.onerror = () => resolve(null);
    xhr.send(file);
  });
}
