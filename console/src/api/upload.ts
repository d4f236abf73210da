import { getToken } from '../session/session';
import { publishNotice } from './notices';
import { ApiCode, ApiError, signOutToLogin } from './request';

export interface UploadedImage {
  url: string;
  key: string;
  contentType: string;
  size: number;
}

/** The server's limit (gateway/src/routes/uploads.ts); checked here too so a big file fails before it travels. */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;

/**
 * POST /pmbok/api/img/upload (SPEC §7: multipart field `file`, authorization header). XMLHttpRequest rather
 * than fetch because only it reports upload progress. Errors are toasted like the request client's.
 */
export function uploadImage(
  file: File,
  onProgress: (percent: number) => void,
  action = '/pmbok/api/img/upload',
): Promise<UploadedImage> {
  return new Promise((resolve, reject) => {
    const fail = (message: string, code: number) => {
      if (message) publishNotice({ message, type: 'error' });
      reject(new ApiError(message, code));
    };
    const xhr = new XMLHttpRequest();
    xhr.open('POST', action);
    xhr.setRequestHeader('authorization', getToken() ?? '');
    xhr.responseType = 'json';
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.min(99, Math.round((event.loaded / event.total) * 100)));
    };
    xhr.onerror = () => fail('app.request.network_error', 0);
    xhr.onload = () => {
      const envelope = xhr.response as { code: number; msg?: string; data: UploadedImage } | null;
      if (!envelope) return fail('app.request.network_error', xhr.status);
      if (envelope.code === ApiCode.ok) {
        onProgress(100);
        return resolve(envelope.data);
      }
      if (envelope.code === ApiCode.notSignedIn) {
        signOutToLogin();
        return fail('', envelope.code);
      }
      fail(envelope.msg || 'app.request.error', envelope.code);
    };
    const form = new FormData();
    form.append('file', file);
    xhr.send(form);
  });
}
