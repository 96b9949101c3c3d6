/** POST /generatePresignedURL {fileName?, contentType, contentLength}. */
import * as z from 'zod';
import { LIMITS, UPLOAD_CONTENT_TYPES } from '../constants';
import { numberField, userText } from './fields';

export const uploadUrlBody = z.object({
  fileName: userText({ label: 'fileName', max: 255, min: 0 }).optional(),
  contentType: z
    .string({ error: 'contentType is required' })
    .trim()
    .toLowerCase()
    .pipe(z.enum(UPLOAD_CONTENT_TYPES, { error: 'contentType must be image/jpeg, image/png or image/webp' })),
  contentLength: numberField({
    label: 'contentLength',
    int: true,
    min: 1,
    max: LIMITS.maxImageBytes,
    messages: {
      required: 'contentLength is required (the file size in bytes)',
      type: 'contentLength is required (the file size in bytes)',
      int: 'contentLength must be a whole number of bytes',
      min: 'contentLength must be at least 1 byte',
      max: 'Images are limited to 5 MB',
    },
  }),
});

/** GET /upload/state?key=: the key POST /generatePresignedURL answered. */
export const uploadStateQuery = z.object({ key: userText({ label: 'key', max: 1024 }) });
