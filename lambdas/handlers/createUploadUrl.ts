/**
 * POST /generatePresignedURL {fileName, contentType, contentLength}: a presigned PUT for one image
 * (jpeg, png or webp, 1 byte to 5 MB) under the caller's own prefix `uploads/{sub}/`. The client then
 * PUTs the file to `url` with the given headers (content type and the signed upload=pending tag: the
 * lifecycle rule deletes the file after a few days unless a saved record starts using `key`).
 */
import { randomUUID } from 'node:crypto';
import * as z from 'zod';
import { LIMITS, UPLOAD_CONTENT_TYPES } from '../../common/constants';
import type { UploadUrl } from '../../common/types';
import { defineHandler } from '../lib/http';
import { presignPut } from '../data/uploads';

const EXTENSIONS: Record<(typeof UPLOAD_CONTENT_TYPES)[number], string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
};

const body = z.object({
  fileName: z.string().trim().max(255).optional(),
  contentType: z.string({ error: 'contentType is required' }).trim().toLowerCase()
    .pipe(z.enum(UPLOAD_CONTENT_TYPES, { error: 'contentType must be image/jpeg, image/png or image/webp' })),
  contentLength: z.coerce.number({ error: 'contentLength is required (the file size in bytes)' })
    .int('contentLength must be a whole number of bytes')
    .min(1, 'contentLength must be at least 1 byte')
    .max(LIMITS.maxImageBytes, 'Images are limited to 5 MB'),
});

export const handler = defineHandler('createUploadUrl', {
  body,
  run: async ({ caller, body: input }): Promise<UploadUrl> => {
    const key = `uploads/${caller.sub}/${randomUUID()}.${EXTENSIONS[input.contentType]}`;
    const { url, headers } = await presignPut({
      key, contentType: input.contentType, contentLength: input.contentLength, expiresIn: LIMITS.uploadUrlExpirySeconds,
    });
    return { url, key, method: 'PUT', headers };
  },
});
