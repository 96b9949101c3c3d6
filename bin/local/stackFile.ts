/**
 * Where `npm start` describes the stack it runs (bin/local/stack.ts StackInfo: its endpoints, table and pool), for the
 * scripts that act on it (scripts/localTable.ts). A module of its own, so those scripts load none of the emulators.
 */
export const LOCAL_STACK_FILE = '.local/stack.json';
