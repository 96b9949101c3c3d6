/**
 * Rules of text the code checks without a schema library: well-formed Unicode, control and bidirectional override
 * characters, UTF-8 length as DynamoDB counts key sizes. The request schemas (common/schemas/fields.ts) build on
 * them; code that needs only these (data access, cursors, the public site's Lambda) imports them from here and so
 * stays free of zod.
 */

/** Bidirectional embedding, override and isolate characters (U+202A-202E, U+2066-2069). */
const BIDI_CONTROLS = /[\u202A-\u202E\u2066-\u2069]/;
/** Control characters (C0, DEL, C1); newline and tab are handled by `multiline`. */
// eslint-disable-next-line no-control-regex -- finding control characters is this pattern's purpose
const CONTROLS = /[\u0000-\u001F\u007F-\u009F]/;
// eslint-disable-next-line no-control-regex -- finding control characters is this pattern's purpose
const CONTROLS_BUT_NEWLINES = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;

/** Lone surrogates (not valid Unicode; they cannot be stored as UTF-8). */
export const isWellFormed = (text: string) =>
  !/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.test(text);

/** Why `text` is not acceptable user text, or undefined. */
export function textProblem(text: string, multiline: boolean): string | undefined {
  if (!isWellFormed(text)) return 'must be valid Unicode text';
  if ((multiline ? CONTROLS_BUT_NEWLINES : CONTROLS).test(text)) {
    return multiline ? 'must not contain control characters' : 'must not contain control characters or line breaks';
  }
  if (BIDI_CONTROLS.test(text)) return 'must not contain bidirectional override characters';
  return undefined;
}

/** UTF-8 length of a text, as DynamoDB counts key sizes. */
export const utf8Bytes = (text: string) => new TextEncoder().encode(text).length;
