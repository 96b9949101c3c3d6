/**
 * Every relative link of every tracked Markdown file leads somewhere: the file or folder exists inside the
 * repository, and a #anchor into a Markdown file names one of its headings (GitHub's anchors). Links to other
 * sites (http, https, mailto) are not fetched.
 */
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  headingSlug,
  markdownAnchors,
  markdownLinks,
  readRepoFile,
  repoRoot,
  trackedMarkdownFiles,
} from '../support/markdown';

/** A scheme (`https:`, `mailto:`) or a protocol-relative address: another site's, not checked here. */
const OUTSIDE = /^([a-z][a-z0-9+.-]*:|\/\/)/i;

/** What is wrong with one link of `from` (a path relative to `root`), or undefined when it leads somewhere. */
function brokenLink(
  root: string,
  from: string,
  target: string,
  read: (file: string) => string = (f) => readRepoFile(f),
): string | undefined {
  if (target === '') return 'empty link';
  if (OUTSIDE.test(target)) return undefined;
  const hash = target.indexOf('#');
  const rawPath = hash === -1 ? target : target.slice(0, hash);
  const anchor = hash === -1 ? undefined : decodeURIComponent(target.slice(hash + 1));
  const filePath = decodeURIComponent(rawPath.split('?')[0]);
  const resolved = filePath.startsWith('/')
    ? path.join(root, filePath)
    : path.resolve(path.dirname(path.join(root, from)), filePath || path.basename(from));
  const relative = path.relative(root, resolved);
  if (relative.startsWith('..') || path.isAbsolute(relative)) return `${filePath} is outside the repository`;
  if (!existsSync(resolved)) return `${relative} does not exist`;
  if (anchor === undefined || anchor === '' || !/\.md$/i.test(resolved) || statSync(resolved).isDirectory()) {
    return undefined;
  }
  if (!markdownAnchors(read(relative)).has(anchor)) return `${relative} has no heading #${anchor}`;
  return undefined;
}

describe('links in the Markdown files', () => {
  it('finds the links a reader can follow, not those inside code', () => {
    const text = [
      'See [setup](docs/local-development.md#ports) and ![shot](images/a.png "title").',
      '[ref]: ../other.md',
      '<a href="guide.md#top">guide</a>',
      'In code: `[not](a-link.md)`.',
      '```md',
      '[also not](inside-a-fence.md)',
      '```',
      'A link with brackets [x](name_(1).md) and <https://example.com>.',
    ].join('\n');
    expect(markdownLinks(text).map((l) => `${l.line}:${l.target}`)).toEqual([
      '1:docs/local-development.md#ports',
      '1:images/a.png',
      '2:../other.md',
      '3:guide.md#top',
      '8:name_(1).md',
    ]);
  });

  it("makes GitHub's anchors of headings", () => {
    expect(headingSlug('Load: the API against DynamoDB Local')).toBe('load-the-api-against-dynamodb-local');
    expect(headingSlug("Choosing a business and a request's whole life (web)")).toBe(
      'choosing-a-business-and-a-requests-whole-life-web',
    );
    expect(headingSlug('`WEB=build npm start`: the installable app')).toBe('webbuild-npm-start-the-installable-app');
    expect(headingSlug('Service x town, Korçë & more')).toBe('service-x-town-korçë--more');
    expect(headingSlug('[Linked](x.md) snake_case')).toBe('linked-snake_case');
    const anchors = markdownAnchors('# Tests\n## Tests\n```\n# not a heading\n```\n### Size figures ##\n');
    expect([...anchors]).toEqual(['tests', 'tests-1', 'size-figures']);
  });

  it('refuses a missing file, a missing anchor and a path out of the repository (the check can fail)', () => {
    const files: Record<string, string> = { 'docs/a.md': '# Title\n## Part two\n', 'README.md': '# Front\n' };
    const read = (f: string) => files[f.split(path.sep).join('/')];
    const check = (from: string, target: string) => brokenLink(repoRoot, from, target, read);
    // Real files of this repository, anchors from the fake texts above.
    expect(check('README.md', 'docs/deploy.md')).toBeUndefined();
    expect(check('README.md', 'docs/nowhere.md')).toBe('docs/nowhere.md does not exist');
    expect(check('README.md', '../shared/spec/marketplace-spec.md')).toMatch(/outside the repository/);
    expect(check('README.md', 'https://example.com/missing.md')).toBeUndefined();
    expect(check('README.md', '#front')).toBeUndefined();
    expect(check('README.md', '#back')).toBe('README.md has no heading #back');
  });

  it('every relative link of every tracked Markdown file leads to a file, folder or heading that exists', () => {
    const files = trackedMarkdownFiles();
    expect(files).toContain('README.md');
    const broken = files.flatMap((file) =>
      markdownLinks(readRepoFile(file)).flatMap(({ line, target }) => {
        const why = brokenLink(repoRoot, file, target);
        return why ? [`${file}:${line}: (${target}) ${why}`] : [];
      }),
    );
    expect(broken).toEqual([]);
  });
});
