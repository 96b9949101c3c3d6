/**
 * Image upload: a very large photo is first shrunk in the browser (longest side MAX_UPLOAD_SIDE, so
 * uploads are quick on a phone; the server processes whatever arrives and never relies on this), then
 * the API gives a presigned URL (POST /generatePresignedURL) and the file is PUT straight to storage
 * with the headers the API signed. The server's image processor then makes the versions that are
 * served; the upload waits for its verdict (GET /upload/state answers `processing` until there is one),
 * so a refused file shows the processor's message at once.
 * Returns the stored key (what records keep) and its CDN address (what screens show).
 */
import type { UploadUrl } from '../../../common/types';
import { LIMITS, UPLOAD_CONTENT_TYPES } from '../../../common/constants';
import type { UploadState } from '../../../common/images';
import { api } from './api';
import { imageUrl } from './images';

/** Longest side (px) a photo is shrunk to before upload. */
export const MAX_UPLOAD_SIDE = 2560;
/** How long an upload waits for the processor's verdict before going on without it. */
const PROCESSING_WAIT_MS = 30_000;

export class UploadError extends Error {}

/** The file's image type; 'image/jpg' and a missing type are read from the name. */
function imageType(file: File): string {
  if (file.type === 'image/jpg') return 'image/jpeg';
  if (file.type) return file.type;
  if (/\.jpe?g$/i.test(file.name)) return 'image/jpeg';
  if (/\.png$/i.test(file.name)) return 'image/png';
  if (/\.webp$/i.test(file.name)) return 'image/webp';
  return 'application/octet-stream';
}

/**
 * A photo larger than MAX_UPLOAD_SIDE, redrawn at that size (orientation applied) as JPEG (or WebP for
 * PNG and WebP, which may be transparent). Anything the browser cannot decode is sent as it is: the
 * server decides about it.
 */
async function shrunk(file: File, contentType: string): Promise<{ body: Blob; contentType: string }> {
  if (typeof createImageBitmap !== 'function' || typeof OffscreenCanvas !== 'function')
    return { body: file, contentType };
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch {
    return { body: file, contentType };
  }
  try {
    const scale = MAX_UPLOAD_SIDE / Math.max(bitmap.width, bitmap.height);
    if (scale >= 1) return { body: file, contentType };
    const canvas = new OffscreenCanvas(Math.round(bitmap.width * scale), Math.round(bitmap.height * scale));
    canvas.getContext('2d')!.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
    const type = contentType === 'image/jpeg' ? 'image/jpeg' : 'image/webp';
    const body = await canvas.convertToBlob({ type, quality: 0.86 });
    // A browser without WebP encoding answers PNG: keep whichever is smaller and allowed.
    if (!(UPLOAD_CONTENT_TYPES as readonly string[]).includes(body.type) || body.size >= file.size)
      return { body: file, contentType };
    return { body, contentType: body.type };
  } finally {
    bitmap.close();
  }
}

/** Waits for the processor's verdict on an upload; throws its message if it refused the file. */
async function processed(key: string, name: string): Promise<void> {
  const deadline = Date.now() + PROCESSING_WAIT_MS;
  while (Date.now() < deadline) {
    const state = await api.get<UploadState>(`/upload/state?key=${encodeURIComponent(key)}`).catch(() => undefined);
    if (state?.state === 'ready') return;
    if (state?.state === 'failed') throw new UploadError(`${name}: ${state.message}`);
    await new Promise((r) => setTimeout(r, 700));
  }
  // Still being processed: the picture shows a placeholder until it is ready, and saving waits for it.
}

export async function uploadImage(file: File): Promise<{ key: string; url: string }> {
  const chosenType = imageType(file);
  if (!(UPLOAD_CONTENT_TYPES as readonly string[]).includes(chosenType)) {
    throw new UploadError(`${file.name}: only JPEG, PNG or WebP images can be uploaded`);
  }
  const { body, contentType } = await shrunk(file, chosenType);
  if (body.size > LIMITS.maxImageBytes) {
    throw new UploadError(`${file.name}: images can be at most 5 MB`);
  }
  const target = await api.post<UploadUrl>('/generatePresignedURL', {
    fileName: file.name,
    contentType,
    contentLength: body.size,
  });
  const res = await fetch(target.url, {
    method: target.method ?? 'PUT',
    headers: { 'content-type': contentType, ...target.headers },
    body,
  });
  if (!res.ok) throw new UploadError(`${file.name}: upload failed (${res.status})`);
  await processed(target.key, file.name);
  return { key: target.key, url: imageUrl(target.key) ?? target.key };
}
