/**
 * How a document rendered at build time (web/prerender.ts) says what it holds: the app's container carries the
 * path and the language it was rendered for, which the entry (main.tsx) compares with the visitor's before it takes
 * the screen over.
 */
export const PRERENDERED_ATTRIBUTE = 'data-prerendered';
export const PRERENDERED_LANGUAGE_ATTRIBUTE = 'data-prerendered-language';
