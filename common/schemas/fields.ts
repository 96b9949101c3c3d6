/**
 * The field schemas every request schema is built from (zod 4), shared by the Lambdas and the web
 * forms so both check the same rules. Each refusal names a stable code (common/errors.ts) in the
 * issue's `params.code`; the handler wrapper (lambdas/api/http.ts) answers it per field.
 *
 * - numberField: a JSON number, or a plain decimal string ("12", "-3", "12.5"); never a boolean,
 *   an array, hex, an exponent in a string, padding, NaN or Infinity.
 * - userText: valid Unicode (no lone surrogates), no control characters (newline and tab only in
 *   multi-line fields), no bidirectional override or isolate characters, trimmed, length-limited.
 * - keyText / idSchema: text that becomes part of a DynamoDB key, bounded in UTF-8 bytes as stored.
 */
import * as z from 'zod';
import { TOWNS } from '../constants';
import type { ErrorCode } from '../errors';
import { textProblem, utf8Bytes } from '../text';

/** The issue a shared schema adds: its message for people and its code. */
const issue = (message: string, code: ErrorCode) => ({ code: 'custom' as const, message, params: { code } });

// ---- Numbers ----

/** A plain decimal: optional minus, digits, optional fraction. No "+", no exponent, no hex, no padding. */
export const PLAIN_DECIMAL = /^-?\d+(\.\d+)?$/;

/** The number a JSON value stands for, or undefined when it is no number (see the file comment). */
export function toNumber(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value === 'string' && value.length <= 64 && PLAIN_DECIMAL.test(value)) {
    const n = Number(value);
    return Number.isFinite(n) ? n : undefined;
  }
  return undefined;
}

export interface NumberOptions {
  /** Name used in messages ("price"). */
  label: string;
  min?: number;
  max?: number;
  /** Greater than 0 (instead of min). */
  positive?: boolean;
  int?: boolean;
  messages?: { type?: string; required?: string; min?: string; max?: string; int?: string };
}

/** A required number field (add `.optional()` / `.default()` for others). */
export function numberField(o: NumberOptions) {
  const m = o.messages ?? {};
  let n = z.number();
  if (o.int) n = n.int(m.int ?? `${o.label} must be a whole number`);
  if (o.positive) n = n.positive(m.min ?? `${o.label} must be greater than 0`);
  if (o.min !== undefined) n = n.min(o.min, m.min ?? `${o.label} must be at least ${o.min}`);
  if (o.max !== undefined) n = n.max(o.max, m.max ?? `${o.label} must be at most ${o.max}`);
  return z
    .unknown()
    .transform((value, ctx) => {
      if (value === undefined || value === null) {
        ctx.addIssue(issue(m.required ?? `${o.label} is required`, 'FIELD_REQUIRED'));
        return z.NEVER;
      }
      const num = toNumber(value);
      if (num === undefined) {
        ctx.addIssue(issue(m.type ?? `${o.label} must be a number`, 'NOT_A_NUMBER'));
        return z.NEVER;
      }
      return num;
    })
    .pipe(n);
}

// ---- Text ----

/** The rules of text without zod (common/text.ts), for the schemas below and their callers. */
export { isWellFormed, textProblem, utf8Bytes } from '../text';

export interface TextOptions {
  label: string;
  max: number;
  /** 0 allows an empty text (after trimming); default 1. */
  min?: number;
  multiline?: boolean;
  /** Upper bound in UTF-8 bytes (for values that become key parts). */
  maxBytes?: number;
  messages?: { required?: string; max?: string };
}

/** A required text field (add `.optional()` for others). */
export function userText(o: TextOptions) {
  const m = o.messages ?? {};
  const required = m.required ?? `${o.label} is required`;
  return z
    .string({ error: (iss) => (iss.input === undefined || iss.input === null ? required : `${o.label} must be text`) })
    .trim()
    .superRefine((text, ctx) => {
      const problem = textProblem(text, !!o.multiline);
      if (problem) ctx.addIssue(issue(`${o.label} ${problem}`, 'INVALID_TEXT'));
      else if (o.maxBytes !== undefined && utf8Bytes(text) > o.maxBytes) {
        ctx.addIssue(issue(`${o.label} is too long (at most ${o.maxBytes} bytes)`, 'FIELD_TOO_LONG'));
      }
    })
    .min(o.min ?? 1, required)
    .max(o.max, m.max ?? `${o.label} is too long (at most ${o.max} characters)`);
}

// ---- Key parts ----

/**
 * Values that become part of a DynamoDB key (ids, category ids, tokens) are bounded in UTF-8 bytes:
 * a partition key holds at most 2048 bytes and a sort key 1024; the widest key of the table puts two
 * such values and their prefixes in one partition key (`OPEN#C#{category}#T#{town}`), or one value,
 * a '#' and an id in a sort key, so each value gets at most 512 bytes.
 */
export const MAX_KEY_PART_BYTES = 512;

/** Text that becomes part of a key: user text, at most `max` characters and MAX_KEY_PART_BYTES bytes. */
export const keyText = (label: string, max = 128) => userText({ label, max, maxBytes: MAX_KEY_PART_BYTES });

/** A record id (path parameters and ids in bodies). */
export const idSchema = (label = 'id') => keyText(label, 128);

// ---- Shared fields of several resources ----

/** A town of the one list (common/constants.ts). */
export const townSchema = z.enum(TOWNS, { error: 'location must be one of the Albanian towns of the list' });

/** Category ids (each a key part); duplicates dropped. */
export const categoryIdsSchema = z
  .array(keyText('category id'), { error: 'categories must be a list of category ids' })
  .max(20, 'at most 20 categories')
  .transform((ids) => [...new Set(ids)]);

/** A picture as the web app sends it: the key of an uploaded file or an address of our CDN. */
export const imageRefSchema = userText({ label: 'image', max: 1024, messages: { required: 'must not be empty' } });

/** What an image field is checked with: imageRefSchema in the web app, plus the CDN-to-key step in the Lambdas. */
export type ImageSchema = z.ZodType<string, unknown>;

/** A profile picture to set, or null / '' to remove it (the placeholder shows again). */
export const optionalPicture = (image: ImageSchema) =>
  z.union([z.literal(''), z.null(), image]).transform((v) => (v ? v : null));
