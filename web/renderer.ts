/**
 * The web app is written against React's API and rendered by Preact through preact/compat: about 10 KB
 * gzipped instead of react-dom's 65 KB, which is what lets the landing page load under its 90 KB budget
 * (`npm run size`). React's module names resolve to preact/compat in the build, the dev server and the
 * component tests alike, so what is tested is what ships. The types stay React's (@types/react).
 */
export const RENDERER_ALIASES = [
  { find: /^react-dom\/test-utils$/, replacement: 'preact/test-utils' },
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-dev-runtime' },
  { find: /^react$/, replacement: 'preact/compat' },
];
