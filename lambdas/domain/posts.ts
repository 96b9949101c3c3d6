/** API shape of a post: image keys become CDN addresses, storage detail is dropped. */
import type { Post } from '../../common/types';
import { keys } from '../model/keys';
import type { EntryFilter } from '../data/openPosts';
import type { StoredPost } from '../model/posts';
import { imageUrls } from '../lib/images';
import { refuse } from '../lib/errors';
import { effectiveStatus, postRefusal, type PostTransitionName } from '../model/postLife';

/** A post as everyone sees it at `now`: an open post past its expiry is closed (expired) already. */
export function toPostDto(
  stored: StoredPost,
  now = new Date().toISOString(),
  reference?: NonNullable<Post['reference']>,
): Post {
  const { status, closedReason } = effectiveStatus(stored, now);
  return {
    _id: stored._id,
    userId: stored.userId,
    title: stored.title,
    ...(stored.content ? { content: stored.content } : {}),
    images: imageUrls(stored.images),
    category: stored.category ?? [],
    location: stored.location,
    ...(typeof stored.budget === 'number' ? { budget: stored.budget } : {}),
    createdAt: stored.createdAt,
    status,
    ...(stored.clientName ? { clientName: stored.clientName } : {}),
    ...(status === 'open' ? { expiresAt: stored.expiresAt } : {}),
    ...(closedReason ? { closedReason, closedAt: stored.closedAt ?? stored.expiresAt } : {}),
    ...(stored.reopenedAt ? { reopenedAt: stored.reopenedAt } : {}),
    // The idea it was asked like, where its detail read it (while the idea is shown).
    ...(reference && stored.referenceIdeaId === reference.ideaId ? { reference } : {}),
    // Only its owner and moderators are ever answered a hidden post (lambdas/domain/moderation.ts).
    ...(stored.hidden ? { hidden: stored.hidden } : {}),
  };
}

/**
 * 409 unless the client may take the request's transition `name` now (lambdas/model/postLife.ts POST_LIFE: close,
 * reopen, delete): the same states and guards its conditional write checks again.
 */
export function assertMayPost(name: PostTransitionName, post: StoredPost, now: string) {
  const refusal = postRefusal(name, post, now);
  if (refusal) throw refuse(refusal);
}

// ---- Filtered posts (pattern 7): which index partitions to read ----

export interface PostFilter {
  categories: string[];
  towns: string[];
  minBudget?: number;
  maxBudget?: number;
}

/**
 * More partitions than this are not queried in parallel for one page: with many categories x towns
 * the side with fewer values is queried and the other becomes a filter on its entries (a page then
 * reads at most this many partitions whatever the filter).
 */
export const MAX_FILTER_PARTITIONS = 12;

export interface FilteredQueryPlan {
  partitions: string[];
  filter?: EntryFilter;
}

export function planFilteredQuery(f: PostFilter): FilteredQueryPlan {
  const cats = [...new Set(f.categories)];
  const towns = [...new Set(f.towns)];
  const clauses: string[] = [];
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = {};
  const townFilter = () => {
    names['#loc'] = 'location';
    towns.forEach((t, i) => {
      values[`:t${i}`] = t;
    });
    clauses.push(`#loc IN (${towns.map((_, i) => `:t${i}`).join(', ')})`);
  };
  const categoryFilter = () => {
    names['#cat'] = 'category';
    cats.forEach((c, i) => {
      values[`:c${i}`] = c;
    });
    // An OR in parentheses, so that the clauses AND together (EntryFilter).
    const any = cats.map((_, i) => `contains(#cat, :c${i})`);
    clauses.push(any.length > 1 ? `(${any.join(' OR ')})` : any[0]);
  };

  let partitions: string[];
  if (cats.length && towns.length) {
    if (cats.length * towns.length <= MAX_FILTER_PARTITIONS) {
      partitions = cats.flatMap((c) => towns.map((t) => keys.openByCategoryTown(c, t)));
    } else if (cats.length <= towns.length && cats.length <= MAX_FILTER_PARTITIONS) {
      partitions = cats.map((c) => keys.openByCategory(c));
      townFilter();
    } else if (towns.length <= MAX_FILTER_PARTITIONS) {
      partitions = towns.map((t) => keys.openByTown(t));
      categoryFilter();
    } else {
      partitions = [keys.openAll];
      townFilter();
      categoryFilter();
    }
  } else if (cats.length) {
    if (cats.length <= MAX_FILTER_PARTITIONS) partitions = cats.map((c) => keys.openByCategory(c));
    else {
      partitions = [keys.openAll];
      categoryFilter();
    }
  } else if (towns.length) {
    if (towns.length <= MAX_FILTER_PARTITIONS) partitions = towns.map((t) => keys.openByTown(t));
    else {
      partitions = [keys.openAll];
      townFilter();
    }
  } else {
    partitions = [keys.openAll];
  }

  // Budget bounds are inclusive; no maximum means no upper bound. Posts without a budget do not match a budget filter.
  if (f.minBudget !== undefined || f.maxBudget !== undefined) {
    names['#budget'] = 'budget';
    if (f.minBudget !== undefined && f.maxBudget !== undefined) {
      clauses.push('#budget BETWEEN :minBudget AND :maxBudget');
      values[':minBudget'] = f.minBudget;
      values[':maxBudget'] = f.maxBudget;
    } else if (f.minBudget !== undefined) {
      clauses.push('#budget >= :minBudget');
      values[':minBudget'] = f.minBudget;
    } else {
      clauses.push('#budget <= :maxBudget');
      values[':maxBudget'] = f.maxBudget;
    }
  }
  return clauses.length ? { partitions, filter: { expression: clauses.join(' AND '), names, values } } : { partitions };
}

// ---- Suggested posts (pattern 8) ----

/** How many posts the dashboard suggests. */
export const SUGGESTED_COUNT = 3;

/**
 * Posts in the business's categories first (newest first, each post once), filled up to `count`
 * with a random choice among the other open posts in `pool`.
 */
export function pickSuggestions(
  matching: StoredPost[],
  pool: StoredPost[],
  count = SUGGESTED_COUNT,
  random = Math.random,
): StoredPost[] {
  const seen = new Set<string>();
  const chosen: StoredPost[] = [];
  const byNewest = [...matching].sort((a, b) => (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : 0));
  for (const p of byNewest) {
    if (chosen.length >= count) break;
    if (!seen.has(p._id)) {
      seen.add(p._id);
      chosen.push(p);
    }
  }
  const others = pool.filter((p) => !seen.has(p._id) && (seen.add(p._id), true));
  while (chosen.length < count && others.length) {
    chosen.push(others.splice(Math.floor(random() * others.length), 1)[0]);
  }
  return chosen;
}
