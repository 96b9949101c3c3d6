/**
 * The time Sponsored runs live by (their start, end, the strip's "still live", attribution windows): the machine's
 * time, moved forward by CLOCK_OFFSET_MS where a local stack's environment sets it (a demo
 * can let a week pass). It is never set in the cloud.
 */
export const CLOCK_OFFSET_ENV = 'CLOCK_OFFSET_MS';

export function clockOffsetMs(): number {
  const offset = Number(process.env[CLOCK_OFFSET_ENV]);
  return Number.isFinite(offset) ? offset : 0;
}

export const now = (): Date => new Date(Date.now() + clockOffsetMs());
export const nowIso = (): string => now().toISOString();
