/**
 * Pending uploads. Every presigned upload carries the object tag upload=pending (signed into the PUT,
 * so the browser must send it); a handler removes the tag once a saved record uses the key. The media
 * bucket's lifecycle rule expires objects under UPLOAD_PREFIX that still carry the tag, so a picture
 * uploaded and never used does not stay forever. Shared by the handlers and the CDK app.
 */

/** Keys browsers upload to: `uploads/{sub}/{uuid}.{ext}`. */
export const UPLOAD_PREFIX = 'uploads/';

/** Where the uploads of the account with Cognito sub `sub` are: `uploads/{sub}/`. */
export const uploadsPrefixOf = (sub: string) => `${UPLOAD_PREFIX}${sub}/`;

/** The uploader (Cognito sub) of an upload key `uploads/{sub}/{file}`, if the key is one. */
export function uploaderOf(key: string): string | undefined {
  if (!key.startsWith(UPLOAD_PREFIX)) return undefined;
  const [sub, file, ...rest] = key.slice(UPLOAD_PREFIX.length).split('/');
  return sub && file && rest.length === 0 ? sub : undefined;
}

export const PENDING_UPLOAD_TAG = { key: 'upload', value: 'pending' } as const;

/** The tag as the `x-amz-tagging` header and PutObject's `Tagging` parameter spell it (URL query form). */
export const PENDING_UPLOAD_TAGGING = `${PENDING_UPLOAD_TAG.key}=${PENDING_UPLOAD_TAG.value}`;
