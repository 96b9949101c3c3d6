/**
 * POST /generatePresignedURL {fileName, contentType, contentLength}: a presigned PUT for one image
 * (jpeg, png or webp, 1 byte to 5 MB) under the caller's own prefix `uploads/{sub}/`. The client then
 * PUTs the file to `url` with the given headers (content type and the signed upload=pending tag: the
 * lifecycle rule deletes the file after a few days unless a saved record starts using `key`).
 */
import { randomUUID } from 'node:crypto';
import { LIMITS, UPLOAD_CONTENT_TYPES } from '../../common/constants';
import { uploadUrlBody as body } from '../../common/schemas/uploads';
import type { UploadUrl } from '../../common/types';
import { defineHandler } from '../api/http';
import { presignPut } from '../data/uploads';

const EXTENSIONS: Record<(typeof UPLOAD_CONTENT_TYPES)[number], string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
};

export const handler = defineHandler('createUploadUrl', {
  body,
  run: async ({ caller, body: input }): Promise<UploadUrl> => {
    const key = `uploads/${caller.sub}/${randomUUID()}.${EXTENSIONS[input.contentType]}`;
    const { url, headers } = await presignPut({
      key,
      contentType: input.contentType,
      contentLength: input.contentLength,
      expiresIn: LIMITS.uploadUrlExpirySeconds,
    });
    return { url, key, method: 'PUT', headers };
  },
});
