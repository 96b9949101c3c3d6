/**
 * Every React file of the web app (web/src/**\/*.tsx) stays at most 300 lines: a screen that grows past that is
 * split by what it shows (a form, a tab, a list item, a dialog), not by arbitrary cuts. TOO_LONG names the files
 * still over, each with why (none today); the list only shrinks (a listed file back under the limit fails below).
 */
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const MAX_LINES = 300;
const ROOT = 'web/src';

/** Files over the limit, by path, with the reason. */
const TOO_LONG: Readonly<Record<string, string>> = {};

function tsxFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return tsxFiles(file);
    return entry.name.endsWith('.tsx') ? [file.split(path.sep).join('/')] : [];
  });
}

const lineCount = (file: string) => readFileSync(file, 'utf8').replace(/\n$/, '').split('\n').length;

describe('screen size', () => {
  const sizes = tsxFiles(ROOT).map((file) => ({ file, lines: lineCount(file) }));

  it(`no .tsx file under ${ROOT} is longer than ${MAX_LINES} lines`, () => {
    expect(sizes.length).toBeGreaterThan(100);
    const tooLong = sizes.filter((s) => s.lines > MAX_LINES && !(s.file in TOO_LONG));
    expect(tooLong.map((s) => `${s.file}: ${s.lines} lines`)).toEqual([]);
  });

  it('each file the list excuses is still over the limit', () => {
    const back = Object.keys(TOO_LONG).filter((file) => (sizes.find((s) => s.file === file)?.lines ?? 0) <= MAX_LINES);
    expect(back).toEqual([]);
  });
});
