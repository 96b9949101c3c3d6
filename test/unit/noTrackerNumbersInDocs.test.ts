/**
 * No tracked Markdown file names a tracker issue by its number: a reader of the repository cannot open the
 * tracker, and the number says when a thing was built, not what it is. Each place says what the thing is.
 */
import { describe, expect, it } from 'vitest';
import { proseLines, readRepoFile, trackedMarkdownFiles } from '../support/markdown';

/** A tracker issue named by its number: "issue N", "issues N and M", "Issue #N", N a number. */
const TRACKER_NUMBER = /\bissues? #?[0-9]+\b/i;

/** The lines of a text that name a tracker issue by number, as `line: text`. */
function trackerNumbers(text: string): string[] {
  return text.split('\n').flatMap((line, i) => (TRACKER_NUMBER.test(line) ? [`${i + 1}: ${line.trim()}`] : []));
}

describe('no tracker numbers in the Markdown files', () => {
  it('recognises a tracker number when it sees one (the check can fail)', () => {
    const n = 24;
    expect(trackerNumbers(`## Negotiation (issue ${n})`)).toHaveLength(1);
    expect(trackerNumbers(`Fixed in Issue #${n}.`)).toHaveLength(1);
    expect(trackerNumbers(`see issues ${n} and 25`)).toHaveLength(1);
    expect(trackerNumbers('An issue of the emulator: 3 retries.')).toEqual([]);
    expect(trackerNumbers('tissue 4')).toEqual([]);
    // Code blocks are part of the file too: a number there is refused as well.
    expect(proseLines(`\`\`\`\nissue ${n}\n\`\`\``).join('')).toBe('');
    expect(trackerNumbers(`\`\`\`\nissue ${n}\n\`\`\``)).toHaveLength(1);
  });

  it('no tracked .md file names a tracker issue by number', () => {
    const files = trackedMarkdownFiles();
    expect(files.length).toBeGreaterThan(3);
    const found = files.flatMap((file) => trackerNumbers(readRepoFile(file)).map((hit) => `${file}:${hit}`));
    expect(found).toEqual([]);
  });
});
