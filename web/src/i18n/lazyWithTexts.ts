/**
 * A page or section loaded when first shown (React's lazy), together with the texts of the areas it shows beyond the
 * shell's (catalogs.ts): it appears once both are in, so no text is ever missing from it. Every page and section the
 * router loads names its areas here; test/unit/catalogueAreas.test.ts checks that each names every area its code
 * uses (what it imports, lazily loaded dialogs included).
 */
import { lazy, type ComponentType } from 'react';
import { loadTexts, type ScreenArea } from './catalogs';

// React's own lazy takes any component type, whatever its props.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function lazyWithTexts<T extends ComponentType<any>>(
  load: () => Promise<{ default: T }>,
  areas: readonly ScreenArea[],
) {
  return lazy(() => Promise.all([load(), loadTexts(areas)]).then(([module]) => module));
}
