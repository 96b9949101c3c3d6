/**
 * Whether uploaded pictures came through the image processor (lambdas/images/processUpload.ts), read
 * from the state file it writes next to the processed versions (common/images.ts), through the media
 * CDN that serves them (the state says nothing private). A record saves only `ready` pictures: a
 * refused one is a 400 with the processor's message for that field; one still being processed is
 * waited for a few seconds (processing takes about one), then a 409 asks to save again.
 */
import { imageStateKey, processedFolder, type ImageState } from '../../common/images';
import { badRequest, conflict, type FieldError } from '../lib/errors';
import { config } from '../lib/config';

/** How long a save waits for pictures still being processed. */
export const IMAGE_STATE_WAIT_MS = 6000;
const POLL_MS = 250;

/** The processor's verdict on an upload, or undefined while it has written none. */
export async function readImageState(uploadKey: string): Promise<ImageState | undefined> {
  const res = await fetch(config.mediaBaseUrl + imageStateKey(uploadKey), { cache: 'no-store' });
  // Not written yet: the CDN answers 403 (the bucket does not list), the emulator 404.
  if (res.status === 403 || res.status === 404) {
    await res.body?.cancel();
    return undefined;
  }
  if (!res.ok) throw new Error(`Reading the state of ${uploadKey} failed with ${res.status}`);
  // The emulator may answer a file it is still writing: an unreadable state counts as not written yet.
  const text = await res.text();
  try {
    return JSON.parse(text) as ImageState;
  } catch {
    return undefined;
  }
}

/** Throws 400 for fields (`{field: upload key}`) whose picture was refused, 409 if one is still not processed. */
export async function requireProcessedUploads(files: Record<string, string | null | undefined>): Promise<void> {
  const uploads = Object.entries(files).filter((e): e is [string, string] => !!e[1] && !!processedFolder(e[1]));
  const deadline = Date.now() + IMAGE_STATE_WAIT_MS;
  const states = await Promise.all(
    uploads.map(async ([field, key]) => {
      for (;;) {
        const state = await readImageState(key);
        if (state || Date.now() >= deadline) return [field, state] as const;
        await new Promise((r) => setTimeout(r, POLL_MS));
      }
    }),
  );
  const errors: FieldError[] = states
    .filter(([, state]) => state?.state === 'failed')
    .map(([field, state]) => ({
      field,
      message: (state as Extract<ImageState, { state: 'failed' }>).message,
      code: 'IMAGE_REFUSED' as const,
    }));
  if (errors.length)
    throw badRequest(
      `Invalid body: ${errors.map((e) => `${e.field}: ${e.message}`).join('; ')}`,
      errors,
      'IMAGE_REFUSED',
    );
  if (states.some(([, state]) => !state))
    throw conflict('A picture is still being processed: save again in a moment.', 'IMAGE_PROCESSING');
}
