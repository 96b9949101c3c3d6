/**
 * Reading the repository's Markdown the way GitHub shows it: which files are tracked, which links a file makes
 * (outside code blocks and code spans) and which anchors its headings get. Used by the documentation checks in
 * test/unit/ (links that lead nowhere, tracker numbers in prose).
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';

export const repoRoot = path.resolve(__dirname, '..', '..');

/** Every Markdown file git tracks, relative to the repository's root (`git ls-files '*.md'`). */
export function trackedMarkdownFiles(): string[] {
  return execFileSync('git', ['ls-files', '-z', '*.md'], { cwd: repoRoot, encoding: 'utf8' })
    .split('\0')
    .filter(Boolean);
}

export const readRepoFile = (file: string) => readFileSync(path.join(repoRoot, file), 'utf8');

/** The file's lines with fenced code blocks blanked out (kept as empty lines, so line numbers stay right). */
export function proseLines(text: string): string[] {
  let fence: string | undefined;
  return text.split('\n').map((line) => {
    const marker = /^ {0,3}(`{3,}|~{3,})/.exec(line)?.[1];
    if (fence) {
      if (marker && marker[0] === fence[0] && marker.length >= fence.length && line.trim() === marker)
        fence = undefined;
      return '';
    }
    if (marker) {
      fence = marker;
      return '';
    }
    return line;
  });
}

/** A line without its code spans (`like this`): what they hold is shown as written, never as a link. */
export const withoutCodeSpans = (line: string) => line.replace(/(`+)(?:(?!\1)[\s\S])*?\1/g, '');

export interface MarkdownLink {
  line: number;
  target: string;
}

/**
 * The link targets of a Markdown text: inline links and pictures `[text](target "title")`, `<target>` forms,
 * reference definitions `[id]: target`, and the `href` / `src` of HTML tags.
 */
export function markdownLinks(text: string): MarkdownLink[] {
  const links: MarkdownLink[] = [];
  proseLines(text).forEach((raw, i) => {
    const line = withoutCodeSpans(raw);
    const add = (target: string) => links.push({ line: i + 1, target: target.trim() });
    for (const m of line.matchAll(
      /\]\(\s*(<[^>]*>|[^\s()]*(?:\([^\s()]*\)[^\s()]*)*)(?:\s+(?:"[^"]*"|'[^']*'))?\s*\)/g,
    )) {
      add(m[1].replace(/^<|>$/g, ''));
    }
    const definition = /^ {0,3}\[[^\]]+\]:\s*(<[^>]*>|\S+)/.exec(line);
    if (definition) add(definition[1].replace(/^<|>$/g, ''));
    for (const m of line.matchAll(/<(?:a|img)\b[^>]*?\s(?:href|src)\s*=\s*["']([^"']*)["']/gi)) add(m[1]);
  });
  return links;
}

/**
 * GitHub's anchor of a heading's text: the text as shown (code marks, emphasis and link syntax gone), lower-cased,
 * every character but letters, digits, '-', '_' and spaces dropped, each space turned into '-'.
 */
export function headingSlug(heading: string): string {
  const shown = heading
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/<[^>]+>/g, '')
    .replace(/`/g, '');
  return shown
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc}\- ]/gu, '')
    .replace(/ /g, '-');
}

/** Every anchor a Markdown text offers: its headings' slugs (repeats numbered -1, -2, ... as GitHub does) and HTML ids. */
export function markdownAnchors(text: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const line of proseLines(text)) {
    const heading = /^ {0,3}#{1,6}[ \t]+(.*?)(?:[ \t]+#+)?[ \t]*$/.exec(line);
    if (heading) {
      const slug = headingSlug(heading[1]);
      const n = seen.get(slug) ?? 0;
      seen.set(slug, n + 1);
      anchors.add(n === 0 ? slug : `${slug}-${n}`);
    }
    for (const m of line.matchAll(/<[a-z]+\b[^>]*?\s(?:id|name)\s*=\s*["']([^"']+)["']/gi)) anchors.add(m[1]);
  }
  return anchors;
}
