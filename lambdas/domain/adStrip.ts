/**
 * Which live runs a Sponsored strip shows, and in what order (docs/sponsored-runs.md "Shown where it matters").
 *
 * Candidates come in tiers, most relevant first (for a client: runs for the services of its open requests in its
 * town, then the rest of its town, then the rest of the country). The strip takes its `size` places from the first
 * tier, then the next, and so on, and shows a business once: the rotation below is over a tier's businesses, a
 * business's runs taking its place in turn.
 *
 * Fair rotation: within a tier the businesses are in a fixed order (by id), and the k-th strip a process serves for
 * that tier shows a window of `places` of them (all n when the tier has fewer), wrapping round. The windows follow each
 * other along the order (the next starts where the last ended); when they come back to where the first started
 * (after n / g strips, g the greatest common divisor of n and the window), the next round starts one place further
 * on. Over any n consecutive strips every business of the tier is in exactly `places` of them and leads exactly one,
 * so runs of different businesses with the same targeting (always in the same tier for a viewer) get equal shares of
 * impressions and of the first place: exactly equal over whole cycles, one apart at most in between, in each
 * process; each process starts its count at a random place. (Windows that only followed each other would never let
 * a business lead whose position is not a multiple of g: of two in strips of four, the second would never come
 * first.)
 */
export interface Tier<T extends { _id: string }> {
  /** What the rotation counts strips by: the same for every strip drawn from the same candidates. */
  key: string;
  runs: T[];
}

/** Strips served per tier key by this process (kept for at most ROTATIONS_KEPT keys, the oldest forgotten first). */
const served = new Map<string, number>();
const ROTATIONS_KEPT = 10_000;

function nextTurn(key: string): number {
  let turn = served.get(key);
  if (turn === undefined) turn = Math.floor(Math.random() * 1_000_000);
  served.delete(key);
  if (served.size >= ROTATIONS_KEPT) served.delete(served.keys().next().value!);
  served.set(key, turn + 1);
  return turn;
}

function greatestCommonDivisor(a: number, b: number): number {
  return b === 0 ? a : greatestCommonDivisor(b, a % b);
}

/** The window of `places` runs the strip number `turn` shows of `runs` (in id order), wrapping round. */
export function rotationWindow<T extends { _id: string }>(runs: T[], places: number, turn: number): T[] {
  const ordered = [...runs].sort((a, b) => (a._id < b._id ? -1 : a._id > b._id ? 1 : 0));
  const n = ordered.length;
  if (n === 0 || places <= 0) return [];
  const take = Math.min(places, n);
  const g = greatestCommonDivisor(n, take);
  // The strip's number within the cycle of n strips, then its round (n / g strips each) and place in the round.
  const k = ((turn % n) + n) % n;
  const start = ((k % (n / g)) * take + Math.floor(k / (n / g))) % n;
  return Array.from({ length: take }, (_, i) => ordered[(start + i) % n]);
}

/**
 * The runs of one strip: `size` places filled tier by tier, each tier rotated fairly, and a business shown once (its
 * first tier's place; a run in two tiers, or a second run of the same business, is never a second card). Within a
 * tier the rotation is over the businesses not shown yet (so two runs of one business buy it no more of the strip
 * than one: Create an ad warns before such a run is bought), and a business with several runs there shows them in
 * turn, each of its places going to the next of its runs.
 */
export function fillStrip<T extends { _id: string; businessId: string }>(tiers: Tier<T>[], size: number): T[] {
  const shown: T[] = [];
  const businesses = new Set<string>();
  for (const tier of tiers) {
    const left = size - shown.length;
    if (left <= 0) break;
    const runsOf = new Map<string, T[]>();
    for (const run of tier.runs) {
      if (businesses.has(run.businessId)) continue;
      const own = runsOf.get(run.businessId);
      if (own) own.push(run);
      else runsOf.set(run.businessId, [run]);
    }
    if (!runsOf.size) continue;
    const candidates = [...runsOf].map(([businessId, runs]) => ({ _id: businessId, runs }));
    for (const business of rotationWindow(candidates, left, nextTurn(`${tier.key}|${left}|${candidates.length}`))) {
      const [run] =
        business.runs.length === 1
          ? business.runs
          : rotationWindow(business.runs, 1, nextTurn(`${tier.key}|of:${business._id}|${business.runs.length}`));
      shown.push(run);
      businesses.add(business._id);
    }
  }
  return shown;
}
