/**
 * GET /upload/state?key=: whether the caller's upload came through the image processor, read from the
 * state file it writes (lambdas/data/imageStates.ts): `ready` with the size, `failed` with the message
 * for the uploader, or `processing` while it has written none. Always 200 for the caller's own upload, so
 * the web app waits for the verdict without failed requests; another user's key is 404.
 */
import { defineHandler } from '../api/http';
import { notFound } from '../lib/errors';
import { processedFolder, type UploadState } from '../../common/images';
import { uploadStateQuery as query } from '../../common/schemas/uploads';
import { readImageState } from '../data/imageStates';
import { isOwnUpload } from '../domain/fields';

export const handler = defineHandler('getUploadState', {
  query,
  run: async ({ caller, query: { key } }): Promise<UploadState> => {
    if (!isOwnUpload(key, caller.sub) || !processedFolder(key)) throw notFound('Upload not found');
    return (await readImageState(key)) ?? { state: 'processing' };
  },
});
