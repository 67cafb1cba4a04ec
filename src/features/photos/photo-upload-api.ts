import { t } from '@lingui/core/macro';
import type { UploadedMedia } from '../../api/media-schemas';
import { ApiError } from '../../lib/api-error';
import { noticeAnswer, noticeNoAnswer } from '../../lib/connectivity';
import { NO_TOKEN_MESSAGE, responseToApiError } from '../../lib/http';
import { spokenLanguage } from '../../lib/i18n/language';
import { clearToken, getToken } from '../../lib/token-storage';

/**
 * POST /api/media (api-contract.md "Photos"), with upload progress: ky (fetch) cannot report how
 * much of a request body has gone, XMLHttpRequest can. Otherwise it behaves as src/lib/http.ts: the
 * same bearer token read per call, a refused token forgotten, the server's title as the message,
 * and no answer at all taking the app offline.
 */

/** The spec's default error of an upload, in the language spoken when it fails. */
export function uploadFailedMessage(): string {
  return t`Failed to upload photo`;
}

export interface UploadOptions {
  /** From 0 to 1, as the bytes go. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

export type PhotoUploader = (file: Blob, options?: UploadOptions) => Promise<UploadedMedia>;

export const uploadPhoto: PhotoUploader = (file, { onProgress, signal } = {}) =>
  new Promise<UploadedMedia>((resolve, reject) => {
    const token = getToken();
    if (!token) {
      reject(new Error(NO_TOKEN_MESSAGE));
      return;
    }
    if (signal?.aborted) {
      reject(new DOMException('Aborted', 'AbortError'));
      return;
    }
    const xhr = new XMLHttpRequest();
    xhr.open('POST', new URL('/api/media', window.location.origin).href);
    xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    // The server's titles (a photo refused) in the language spoken, as every other call asks them.
    xhr.setRequestHeader('Accept-Language', spokenLanguage());
    xhr.responseType = 'text';
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
    };
    const abort = () => xhr.abort();
    signal?.addEventListener('abort', abort, { once: true });
    const done = () => signal?.removeEventListener('abort', abort);
    xhr.onabort = () => {
      done();
      reject(new DOMException('Aborted', 'AbortError'));
    };
    xhr.onerror = () => {
      done();
      // No answer at all: the queue and the composer wait for the network.
      noticeNoAnswer();
      reject(new ApiError(uploadFailedMessage(), 0));
    };
    xhr.onload = () => {
      done();
      noticeAnswer();
      const response = new Response(xhr.status === 204 ? null : xhr.responseText, {
        status: xhr.status,
        statusText: xhr.statusText,
      });
      if (xhr.status === 401 && getToken() === token) clearToken();
      if (xhr.status < 200 || xhr.status >= 300) {
        void responseToApiError(response, uploadFailedMessage()).then(reject);
        return;
      }
      void response.json().then(
        (body: UploadedMedia) => {
          onProgress?.(1);
          resolve(body);
        },
        () => reject(new ApiError(uploadFailedMessage(), xhr.status)),
      );
    };
    const form = new FormData();
    form.append('file', file, file instanceof File ? file.name : 'photo');
    xhr.send(form);
  });
