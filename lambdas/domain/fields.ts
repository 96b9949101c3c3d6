/** Field schemas shared by the account and post handlers (zod 4; messages name what is wrong). */
import * as z from 'zod';
import { TOWNS } from '../../common/constants';
import { toStoredKey } from '../lib/images';
import { badRequest } from '../lib/errors';

export const idParam = z.string().trim().min(1).max(128);

export const townSchema = z.enum(TOWNS, { error: 'location must be one of the Albanian towns of the list' });

/** A stored file: the key of an uploaded file, or an address on our own CDN (stored as the key). */
export const imageKeySchema = z.string().trim().min(1, 'must not be empty').max(1024)
  .transform((v) => toStoredKey(v))
  .refine((key) => key.length > 0 && !/^[a-z][a-z0-9+.-]*:/i.test(key) && !key.split('/').includes('..'),
    'must be the key of an uploaded file or an address of our image CDN');

/** Uploaded files live under `uploads/{sub}/` (createUploadUrl): a record may use only its caller's own. */
export const isOwnUpload = (key: string, sub: string) => key.startsWith(`uploads/${sub}/`);

/** A 400 naming every field (`{field: stored key}`; empty ones skipped) whose file `sub` did not upload. */
export function requireOwnUploads(files: Record<string, string | null | undefined>, sub: string): void {
  const errors = Object.entries(files)
    .filter(([, key]) => key && !isOwnUpload(key, sub))
    .map(([field]) => ({ field, message: 'must be an image you uploaded', code: 'NOT_OWN_UPLOAD' as const }));
  if (errors.length) throw badRequest(`Invalid body: ${errors.map((e) => `${e.field}: ${e.message}`).join('; ')}`, errors, 'NOT_OWN_UPLOAD');
}

/** `{ 'images.0': key0, ... }` for requireOwnUploads. */
export const listedFiles = (field: string, keys: string[] | undefined) =>
  Object.fromEntries((keys ?? []).map((key, i) => [`${field}.${i}`, key]));

/** A profile picture to set, or null / '' to remove it (the placeholder shows again). */
export const optionalPictureSchema = z.union([z.literal(''), z.null(), imageKeySchema])
  .transform((v) => (v ? v : null));

export const categoryIdsSchema = z.array(z.string().trim().min(1).max(128)).max(20, 'at most 20 categories')
  .transform((ids) => [...new Set(ids)]);

/** The largest budget a post may have. */
export const MAX_BUDGET = 1_000_000_000;

/** Budget in the create-post payload: a base-10 integer (number or numeric text); empty means none. */
export const budgetSchema = z.preprocess(
  (v) => (v === '' || v === null ? undefined : typeof v === 'string' && /^\s*\d+\s*$/.test(v) ? Number(v) : v),
  z.number({ error: 'budget must be a whole number' }).int('budget must be a whole number').min(0, 'budget must not be negative')
    .max(MAX_BUDGET, 'budget is too large').optional(),
);
