import { createContext, useContext } from 'react';
import { type UploadedImage, uploadImage } from '../../api/upload';

/** How a form uploads a file (SPEC §3 table options uploadAction / uploadRequest). */
export type UploadRequest = (file: File, onProgress: (percent: number) => void) => Promise<Pick<UploadedImage, 'url'>>;

export const uploadTo =
  (action?: string): UploadRequest =>
  (file, onProgress) =>
    uploadImage(file, onProgress, action);

export interface UploadTracker {
  upload: UploadRequest;
  /** Marks an upload as started; the returned function marks it finished. */
  begin: () => () => void;
}

export const UploadContext = createContext<UploadTracker>({ upload: uploadTo(), begin: () => () => undefined });
export const useUploads = () => useContext(UploadContext);
