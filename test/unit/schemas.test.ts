/** The shared field schemas (common/schemas/fields.ts): numbers, user text and key parts. */
import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { idSchema, keyText, numberField, userText, MAX_KEY_PART_BYTES } from '../../common/schemas/fields';
import { businessNameSchema } from '../../common/schemas/accounts';
import { filteredPostsQuery } from '../../common/schemas/posts';

const codeOf = (r: z.ZodSafeParseResult<unknown>) =>
  r.success ? 'ok' : ((r.error.issues[0] as { params?: { code?: string } }).params?.code ?? r.error.issues[0].code);

describe('numberField', () => {
  const price = numberField({ label: 'price', positive: true, max: 1000 });
  it.each([
    [12, 12],
    ['12', 12],
    ['12.5', 12.5],
    [0.25, 0.25],
    ['007', 7],
  ])('takes %j as %j', (input, out) => {
    expect(price.parse(input)).toBe(out);
  });
  it.each([
    [true],
    [false],
    [[5]],
    [[[1]]],
    [{}],
    ['0x10'],
    [' 7 '],
    ['7 '],
    ['1e3'],
    ['+5'],
    ['.5'],
    ['5.'],
    [''],
    ['abc'],
    ['NaN'],
    ['Infinity'],
    [Number.NaN],
    [Number.POSITIVE_INFINITY],
    ['１２'],
  ])('refuses %j as NOT_A_NUMBER', (input) => {
    expect(codeOf(price.safeParse(input))).toBe('NOT_A_NUMBER');
  });
  it('refuses a missing value as FIELD_REQUIRED and keeps the bounds', () => {
    expect(codeOf(price.safeParse(undefined))).toBe('FIELD_REQUIRED');
    expect(codeOf(price.safeParse(null))).toBe('FIELD_REQUIRED');
    expect(price.safeParse('0').success).toBe(false);
    expect(price.safeParse(-3).success).toBe(false);
    expect(price.safeParse(1001).success).toBe(false);
    expect(numberField({ label: 'n', int: true }).safeParse('2.5').success).toBe(false);
  });
});

describe('userText', () => {
  const title = userText({ label: 'title', max: 10 });
  const content = userText({ label: 'content', max: 50, multiline: true });
  it('trims and takes Albanian letters, emoji and CJK', () => {
    expect(title.parse('  Korçë ')).toBe('Korçë');
    expect(title.parse('Ëmoji 🛋️')).toBe('Ëmoji 🛋️');
    expect(title.parse('㌖')).toBe('㌖');
  });
  it.each([
    ['NUL', 'a\u0000b'],
    ['a lone high surrogate', 'a\uD800b'],
    ['a lone low surrogate', '\uDC00x'],
    ['a bell', 'a\u0007'],
    ['DEL', 'a\u007F'],
    ['a C1 control', 'a\u0085b'],
    ['a right-to-left override', 'a\u202Eb'],
    ['an isolate', '\u2066x\u2069'],
    ['a newline in a one-line field', 'a\nb'],
    ['a tab in a one-line field', 'a\tb'],
  ])('refuses %s as INVALID_TEXT', (_name, input) => {
    expect(codeOf(title.safeParse(input))).toBe('INVALID_TEXT');
  });
  it('allows newlines and tabs only where the field is multi-line', () => {
    expect(content.parse('line one\nline two\r\n\tthree')).toBe('line one\nline two\r\n\tthree');
    expect(codeOf(content.safeParse('a\u0000'))).toBe('INVALID_TEXT');
  });
  it('counts the limit after trimming; blank is FIELD_REQUIRED, too long FIELD_TOO_LONG', () => {
    expect(codeOf(title.safeParse('   '))).toBe('too_small');
    expect(codeOf(title.safeParse('x'.repeat(11)))).toBe('too_big');
    expect(codeOf(title.safeParse(5))).toBe('invalid_type');
  });
});

describe('key parts are bounded in UTF-8 bytes', () => {
  it('an id of 128 four-byte characters is over nothing; a key text over the byte bound is FIELD_TOO_LONG', () => {
    expect(idSchema().safeParse('😀'.repeat(64)).success).toBe(true); // 128 UTF-16 units, 256 bytes
    const wide = keyText('category id', 1000);
    expect(codeOf(wide.safeParse('ë'.repeat(MAX_KEY_PART_BYTES / 2 + 1)))).toBe('FIELD_TOO_LONG');
  });
  it('a business name whose folded word is too long for the index is FIELD_TOO_LONG', () => {
    // Each U+3316 folds (NFKD) to six katakana of 3 bytes: 100 of them make one 1,800-byte word.
    expect(codeOf(businessNameSchema.safeParse('\u3316'.repeat(100)))).toBe('FIELD_TOO_LONG');
    expect(businessNameSchema.safeParse('\u3316'.repeat(20)).success).toBe(true);
  });
  it('category ids of /post/filtred are bounded', () => {
    const r = filteredPostsQuery.safeParse({ categories: 'x'.repeat(3000) });
    expect(r.success).toBe(false);
    expect(filteredPostsQuery.safeParse({ categories: 'decor,lights' }).success).toBe(true);
  });
});
