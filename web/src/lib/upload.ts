/**
 * Image upload in two steps: ask the API for a presigned URL (POST /generatePresignedURL), then PUT the
 * file straight to storage with the headers the API signed. Returns the stored key (what records keep)
 * and its CDN address (what screens show).
 */
import type { UploadUrl } from '../../../common/types';
import { LIMITS, UPLOAD_CONTENT_TYPES } from '../../../common/constants';
import { api } from './api';
import { imageUrl } from './images';

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

export async function uploadImage(file: File): Promise<{ key: string; url: string }> {
  const contentType = imageType(file);
  if (!(UPLOAD_CONTENT_TYPES as readonly string[]).includes(contentType)) {
    throw new UploadError(`${file.name}: only JPEG, PNG or WebP images can be uploaded`);
  }
  if (file.size > LIMITS.maxImageBytes) {
    throw new UploadError(`${file.name}: images can be at most 5 MB`);
  }
  const target = await api.post<UploadUrl>('/generatePresignedURL', {
    fileName: file.name,
    contentType,
    contentLength: file.size,
  });
  const res = await fetch(target.url, {
    method: target.method ?? 'PUT',
    headers: { 'content-type': contentType, ...target.headers },
    body: file,
  });
  if (!res.ok) throw new UploadError(`${file.name}: upload failed (${res.status})`);
  return { key: target.key, url: imageUrl(target.key) ?? target.key };
}
