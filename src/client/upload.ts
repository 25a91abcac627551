// Picture uploads from islands (review images; refund images later): one file per request to
// `POST /api/upload/image/file`, with the same envelope rules, progress bar and `请登录` handling as every API call.
import { $pending } from '../stores/ui.ts';
import { ApiError, interpret, onLoginRequired } from './api.ts';
import { UPLOAD_MAX_BYTES, UPLOAD_TEXT } from '../shared/review.ts';

export interface UploadedImage {
  /** `/media/<id>.webp`: the stored picture, re-encoded by the server (upright, without metadata). */
  path: string;
  width: number;
  height: number;
}

/**
 * Uploads one chosen file. A file over 5 MB is refused here without sending it; whether it is a picture at all is
 * the server's call (it decodes it). Rejects with an ApiError carrying the message to show.
 */
export async function uploadImage(file: File, signal?: AbortSignal): Promise<UploadedImage> {
  if (file.size > UPLOAD_MAX_BYTES) throw new ApiError(UPLOAD_TEXT.tooLarge, 413);
  if (file.size === 0) throw new ApiError(UPLOAD_TEXT.empty, 400);
  const form = new FormData();
  form.append('file', file, file.name);
  $pending.set($pending.get() + 1);
  let body: unknown;
  try {
    // No Content-Type header: the browser writes the multipart boundary itself.
    const res = await fetch('/api/upload/image/file', {
      method: 'POST',
      headers: { 'Form-type': 'pc', Accept: 'application/json' },
      credentials: 'same-origin',
      body: form,
      signal,
    });
    body = await res.json().catch(() => ({ status: res.status, message: res.status === 413 ? UPLOAD_TEXT.tooLarge : res.statusText }));
  } catch (err) {
    if ((err as Error)?.name === 'AbortError') throw err;
    throw new ApiError('网络连接失败，请检查网络后重试', 500);
  } finally {
    $pending.set(Math.max(0, $pending.get() - 1));
  }
  const outcome = interpret<UploadedImage>(body);
  if (outcome.ok) return outcome.data;
  if (outcome.loginRequired) onLoginRequired();
  throw outcome.error;
}
