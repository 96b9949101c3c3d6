/**
 * The design tokens as a stylesheet: `import 'virtual:design-tokens.css'` (web/src/main.tsx, before the global
 * stylesheet) loads the `:root` block of CSS variables made from common/designTokens.ts, the table the public pages
 * and the emails read too. The dev server and the build both serve it as the CSS module it is.
 */
import type { Plugin } from 'vite';
import { designTokensCss } from '../common/designTokens.js';

export const DESIGN_TOKENS_MODULE = 'virtual:design-tokens.css';
/** Its id inside Vite: a virtual module (`\0`), ending in .css so the CSS pipeline handles it as a stylesheet. */
const RESOLVED = `\0${DESIGN_TOKENS_MODULE}`;

export function designTokens(): Plugin {
  return {
    name: 'design-tokens',
    resolveId: (id) => (id === DESIGN_TOKENS_MODULE ? RESOLVED : null),
    load: (id) => (id === RESOLVED ? designTokensCss() : null),
  };
}
