/**
 * No tracked file names a tracker issue by its number: a reader of the repository cannot open the tracker, and
 * "built for issue N" says when a thing was made, not what it is. Each comment, test name or text says what the
 * thing is instead. Reads every text file `git ls-files` lists, except the patterns of NOT_CHECKED.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/** A tracker issue named by its number: "issue N", "issues N and M", "Issue #N", N a number. */
const TRACKER_NUMBER = /\bissues? #?[0-9]+\b/i;

/** Files the check does not read (one pattern a line). */
const NOT_CHECKED: readonly RegExp[] = [/\.md$/];

const tracked = execFileSync('git', ['ls-files', '-z'], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 })
  .split('\0')
  .filter((file) => file && existsSync(file));

/** The file's text, or undefined for a binary file (a NUL byte in it). */
function textOf(file: string): string | undefined {
  const bytes = readFileSync(file);
  return bytes.includes(0) ? undefined : bytes.toString('utf8');
}

/** The lines of `file` that name a tracker issue, as `file:line: text`. */
function trackerLines(file: string): string[] {
  const text = textOf(file);
  if (text === undefined) return [];
  return text.split('\n').flatMap((line, i) => (TRACKER_NUMBER.test(line) ? [`${file}:${i + 1}: ${line.trim()}`] : []));
}

describe('tracker numbers', () => {
  it('no checked file names a tracker issue by its number', () => {
    const checked = tracked.filter((f) => !NOT_CHECKED.some((p) => p.test(f)));
    expect(checked.length).toBeGreaterThan(100);
    expect(checked.flatMap(trackerLines)).toEqual([]);
  });

  it('the pattern finds the ways a tracker issue is named, and not other numbers', () => {
    // Written with N for the number, so this file does not name one itself.
    const named = ['(issue N)', 'see Issue #N', 'issues N and 14'].map((s) => s.replace('N', '12'));
    expect(named.filter((s) => !TRACKER_NUMBER.test(s))).toEqual([]);
    const other = ['page 2', 'tissue 3', 'issues: none', 'pattern 23'];
    expect(other.filter((s) => TRACKER_NUMBER.test(s))).toEqual([]);
  });
});
