/**
 * What the handlers add to the shared field schemas (common/schemas/fields.ts): image references
 * become stored keys (the CDN base is the stage's), and uploads must be the caller's own.
 */
import { idSchema, imageRefSchema } from '../../common/schemas/fields';
import { toStoredKey } from '../lib/images';
import { badRequest } from '../lib/errors';

export { townSchema, categoryIdsSchema, optionalPicture } from '../../common/schemas/fields';
export { MAX_BUDGET, budgetSchema } from '../../common/schemas/posts';

export const idParam = idSchema();

/** A stored file: the key of an uploaded file, or an address on our own CDN (stored as the key). */
export const imageKeySchema = imageRefSchema
  .transform((v) => toStoredKey(v))
  .refine(
    (key) => key.length > 0 && !/^[a-z][a-z0-9+.-]*:/i.test(key) && !key.split('/').includes('..'),
    'must be the key of an uploaded file or an address of our image CDN',
  );

/** Uploaded files live under `uploads/{sub}/` (createUploadUrl): a record may use only its caller's own. */
export const isOwnUpload = (key: string, sub: string) => key.startsWith(`uploads/${sub}/`);

/** A 400 naming every field (`{field: stored key}`; empty ones skipped) whose file `sub` did not upload. */
export function requireOwnUploads(files: Record<string, string | null | undefined>, sub: string): void {
  const errors = Object.entries(files)
    .filter(([, key]) => key && !isOwnUpload(key, sub))
    .map(([field]) => ({ field, message: 'must be an image you uploaded', code: 'NOT_OWN_UPLOAD' as const }));
  if (errors.length)
    throw badRequest(
      `Invalid body: ${errors.map((e) => `${e.field}: ${e.message}`).join('; ')}`,
      errors,
      'NOT_OWN_UPLOAD',
    );
}

/** `{ 'images.0': key0, ... }` for requireOwnUploads. */
export const listedFiles = (field: string, keys: string[] | undefined) =>
  Object.fromEntries((keys ?? []).map((key, i) => [`${field}.${i}`, key]));
