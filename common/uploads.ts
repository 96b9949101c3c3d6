/**
 * Pending uploads. Every presigned upload carries the object tag upload=pending (signed into the PUT,
 * so the browser must send it); a handler removes the tag once a saved record uses the key. The media
 * bucket's lifecycle rule expires objects under UPLOAD_PREFIX that still carry the tag, so a picture
 * uploaded and never used does not stay forever. Shared by the handlers and the CDK app.
 */

/** Keys browsers upload to: `uploads/{sub}/{uuid}.{ext}`. */
export const UPLOAD_PREFIX = 'uploads/';

export const PENDING_UPLOAD_TAG = { key: 'upload', value: 'pending' } as const;

/** The tag as the `x-amz-tagging` header and PutObject's `Tagging` parameter spell it (URL query form). */
export const PENDING_UPLOAD_TAGGING = `${PENDING_UPLOAD_TAG.key}=${PENDING_UPLOAD_TAG.value}`;
