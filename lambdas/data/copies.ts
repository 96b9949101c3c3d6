/**
 * Applies the copies declared in lambdas/model/copies.ts (COPIES): one refresh for the write path, the stream's
 * consumers and the rebuild alike. A refresh reads its source strongly consistent, projects the copy and writes it
 * onto every target still showing something else: each write an Update on condition the target exists (none is
 * ever created), holds an older version or the same one showing something else, and (for some copies) is still in
 * the state that takes it; so copies only move forward and a refresh run again changes nothing.
 *
 * - The write path: every write of lambdas/data/transact.ts reports here (`copiesAfterWrite`): an update of a source
 *   notes the refresh of each copy reading an attribute it wrote (a client's profile edit, which reads the record
 *   back, notes the copies whose projection moved: `copySourceWritten`); an item put new holding a copy read before
 *   the write is checked against its source (`copyHolderCreated`). The request's (or job's) wrapper runs what was
 *   noted before it answers, within half the request's time limit (lambdas/lib/followUps.ts); what is left (the
 *   time ran out, a failure) is for the stream. No handler names a copy.
 * - The stream (lambdas/notify/copies.ts): one consumer per copy refreshes it, with no deadline, from every change of
 *   a source whose projection moved (or a deleted source whose copy says so).
 * - The rebuild (scripts/copies-rebuild.ts): every copy of every source, read through the accounts.
 */
import { QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, table } from './client';
import { getRecord } from './query';
import { INDEXES } from '../model/schema';
import {
  COPIES,
  COPY_SOURCES,
  copiesOf,
  copyAttributes,
  copyDeclaration,
  copyVersionOf,
  sourceOfKey,
  type AnyCopy,
  type CopyName,
  type CopySource,
  type CopyTargets,
} from '../model/copies';
import { followUp } from '../lib/followUps';

type Key = { pk: string; sk: string };
type Item = Record<string, unknown>;

/** Target items written at once by one refresh. */
export const COPY_WRITES_IN_PARALLEL = 16;

/** What a refresh did: targets written, and whether every target was looked at (false: it stopped at `until`). */
export interface CopyRefresh {
  changed: number;
  complete: boolean;
}

const chunk = <T>(items: T[], size: number): T[][] =>
  Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, (i + 1) * size));

/** An Update on its condition: false when the condition failed (this module's writes are never a source's). */
async function conditionalUpdate(command: UpdateCommand): Promise<boolean> {
  try {
    await ddb().send(command);
    return true;
  } catch (err) {
    if ((err as { name?: string }).name === 'ConditionalCheckFailedException') return false;
    throw err;
  }
}

/** Two values the same as DynamoDB compares them (maps whatever the order of their keys). */
export function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) || Array.isArray(b))
    return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((x, i) => sameValue(x, b[i]));
  if (a && b && typeof a === 'object' && typeof b === 'object') {
    const [ka, kb] = [Object.keys(a as Item).filter((k) => (a as Item)[k] !== undefined), Object.keys(b as Item)];
    const defined = kb.filter((k) => (b as Item)[k] !== undefined);
    return ka.length === defined.length && ka.every((k) => sameValue((a as Item)[k], (b as Item)[k]));
  }
  return false;
}

/** What a target holds of the copy now: its copy and its version (from the item as read). */
function heldBy(d: AnyCopy, item: Item): { copy: unknown; version: number | string | undefined } {
  const copy =
    'attribute' in d.holds ? item[d.holds.attribute] : Object.fromEntries(d.holds.fields.map((f) => [f, item[f]]));
  const version = ('inCopy' in d.version ? (copy as { v?: unknown } | undefined)?.v : item[d.version.at]) as
    number | string | undefined;
  return { copy, version };
}

/** Whether a target as read shows the copy at its version already (nothing to write). */
function holdsAlready(d: AnyCopy, item: Item, copy: unknown, version: number | string): boolean {
  const held = heldBy(d, item);
  if (!sameValue(held.copy, copy)) return false;
  return 'inCopy' in d.version || (held.version !== undefined && held.version >= version);
}

/**
 * Writes the copy onto one target, forward only; false when the target is gone, holds it already, holds a newer
 * version or is not in the state that takes it.
 */
export async function writeCopy(
  name: CopyName,
  target: Key,
  copy: unknown,
  version: number | string,
): Promise<boolean> {
  const d = copyDeclaration(name);
  const names: Record<string, string> = { ...d.onlyWhile?.names };
  const values: Item = { ...d.onlyWhile?.values };
  const sets: string[] = [];
  let differs: string;
  if ('attribute' in d.holds) {
    names['#c'] = d.holds.attribute;
    values[':copy'] = copy;
    sets.push('#c = :copy');
    differs = '#c <> :copy';
  } else {
    const fields = d.holds.fields;
    fields.forEach((f, i) => {
      names[`#f${i}`] = f;
      values[`:f${i}`] = (copy as Item)[f];
      sets.push(`#f${i} = :f${i}`);
    });
    differs = `(${fields.map((_, i) => `#f${i} <> :f${i}`).join(' OR ')})`;
  }
  values[':v'] = version;
  let newer: string;
  if ('inCopy' in d.version) {
    names['#v'] = 'v';
    newer = `attribute_not_exists(#c) OR #c.#v < :v OR (#c.#v = :v AND ${differs})`;
  } else {
    names['#ver'] = d.version.at;
    sets.push('#ver = :v');
    newer = `attribute_not_exists(#ver) OR #ver < :v OR (#ver = :v AND ${differs})`;
  }
  Object.entries(d.alsoSet?.(target, copy) ?? {}).forEach(([attribute, value], i) => {
    names[`#s${i}`] = attribute;
    values[`:s${i}`] = value;
    sets.push(`#s${i} = :s${i}`);
  });
  return conditionalUpdate(
    new UpdateCommand({
      TableName: table(),
      Key: target,
      UpdateExpression: `SET ${sets.join(', ')}`,
      ConditionExpression: ['attribute_exists(pk)', `(${newer})`, d.onlyWhile?.condition].filter(Boolean).join(' AND '),
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: values,
    }),
  );
}

/** Marks one target of a deleted source as its declaration says (`whenGone`); false when it is marked already or gone. */
async function writeGone(name: CopyName, target: Key, gone: unknown): Promise<boolean> {
  const d = copyDeclaration(name);
  if (!('attribute' in d.holds)) return false;
  return conditionalUpdate(
    new UpdateCommand({
      TableName: table(),
      Key: target,
      UpdateExpression: 'SET #c = :gone',
      ConditionExpression: 'attribute_exists(pk) AND (attribute_not_exists(#c) OR #c <> :gone)',
      ExpressionAttributeNames: { '#c': d.holds.attribute },
      ExpressionAttributeValues: { ':gone': gone },
    }),
  );
}

/** A group of targets one item found stands for, and whether that item shows the copy already. */
interface TargetGroup {
  keys: Key[];
  holds: boolean;
}

/** The targets of one kind, a page of up to 100 found items after the other. */
async function* targetGroups(
  name: CopyName,
  targets: CopyTargets<Item>,
  source: Item,
  copy: unknown,
  version: number | string,
): AsyncGenerator<TargetGroup[]> {
  if ('keys' in targets) {
    yield targets.keys(source).map((key) => ({ keys: [key], holds: false }));
    return;
  }
  const d = copyDeclaration(name);
  const q = targets.query;
  const index = q.index ? INDEXES[q.index] : undefined;
  const own = !targets.keysOf;
  const held = copyAttributes(name);
  const attributes = ['pk', 'sk', ...(q.attributes ?? []), ...(q.optionalAttributes ?? []), ...(own ? held : [])];
  const names: Record<string, string> = Object.fromEntries(attributes.map((a, i) => [`#a${i}`, a]));
  names['#pk'] = index?.partitionKey ?? 'pk';
  const values: Item = { ':pk': q.partition(source) };
  let condition = '#pk = :pk';
  if (q.skPrefix) {
    names['#sk'] = 'sk';
    values[':prefix'] = q.skPrefix;
    condition += ' AND begins_with(#sk, :prefix)';
  }
  if (q.state) {
    names['#state'] = 'state';
    values[':state'] = q.state;
  }
  let start: Item | undefined;
  do {
    const out = await ddb().send(
      new QueryCommand({
        TableName: table(),
        ...(index ? { IndexName: index.name } : { ConsistentRead: q.consistent === true }),
        KeyConditionExpression: condition,
        ...(q.state ? { FilterExpression: '#state = :state' } : {}),
        ProjectionExpression: attributes.map((_, i) => `#a${i}`).join(', '),
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: values,
        Limit: 100,
        ExclusiveStartKey: start,
      }),
    );
    yield (out.Items ?? []).map((item) => ({
      keys: targets.keysOf ? targets.keysOf(item) : [{ pk: String(item.pk), sk: String(item.sk) }],
      holds: own && holdsAlready(d, item, copy, version),
    }));
    start = out.LastEvaluatedKey as Item | undefined;
  } while (start);
}

/** Writes one group's targets: all but the last at once, then the last (a group's order is its declaration's). */
async function writeGroup(keys: Key[], write: (key: Key) => Promise<boolean>): Promise<number> {
  const first = await Promise.all(keys.slice(0, -1).map(write));
  const last = keys.length ? await write(keys[keys.length - 1]) : false;
  return first.filter(Boolean).length + (last ? 1 : 0);
}

/**
 * Brings every target of copy `name` of source `sourceId` to the source as it is now (read strongly consistent),
 * or to what the declaration keeps of a deleted source. COPY_WRITES_IN_PARALLEL groups at a time; with `until`
 * (epoch ms) no batch starts after it.
 */
export async function refreshCopy(
  name: CopyName,
  sourceId: string,
  opts: { until?: number } = {},
): Promise<CopyRefresh> {
  const d = copyDeclaration(name);
  const source = await getRecord<Item>(COPY_SOURCES[d.source as CopySource].key(sourceId), { consistent: true });
  if (!source && !d.whenGone) return { changed: 0, complete: true };
  const found = source ?? { _id: sourceId };
  const copy = source ? d.project(source) : d.whenGone!(sourceId);
  const version = source ? copyVersionOf(name, source) : 0;
  const write = (key: Key) => (source ? writeCopy(name, key, copy, version) : writeGone(name, key, copy));
  let changed = 0;
  for (const targets of d.targets as readonly CopyTargets<Item>[]) {
    if (!source && 'keys' in targets) continue;
    for await (const page of targetGroups(name, targets, found, copy, version)) {
      for (const batch of chunk(
        page.filter((g) => !g.holds),
        COPY_WRITES_IN_PARALLEL,
      )) {
        if (opts.until !== undefined && Date.now() >= opts.until) return { changed, complete: false };
        const counts = await Promise.all(batch.map((g) => writeGroup(g.keys, write)));
        changed += counts.reduce((a, b) => a + b, 0);
      }
    }
  }
  return { changed, complete: true };
}

/** Every copy of one source refreshed (the rebuild). */
export async function refreshCopiesOf(source: CopySource, sourceId: string): Promise<Record<CopyName, CopyRefresh>> {
  const out = {} as Record<CopyName, CopyRefresh>;
  for (const name of copiesOf(source)) out[name] = await refreshCopy(name, sourceId);
  return out;
}

// ---- The write path ----

const refreshLater = (name: CopyName, id: string) =>
  followUp(`copy:${name}:${id}`, (until) => refreshCopy(name, id, { until }));

/**
 * A data write set `fields` of source `id` (or removed it): the copies that read any of them (their declaration's
 * `fields`; those that say what a deleted source leaves) follow.
 */
export function copySourceChanged(source: CopySource, id: string, fields: readonly string[] | 'removed'): void {
  for (const name of copiesOf(source)) {
    const d = copyDeclaration(name);
    if (fields === 'removed' ? d.whenGone : d.fields.some((f) => fields.includes(f))) refreshLater(name, id);
  }
}

/** The top-level attributes an UpdateExpression sets, adds, removes or deletes (names as the table has them). */
export function updatedAttributes(expression: string, names: Record<string, string> = {}): string[] {
  const out = new Set<string>();
  let depth = 0;
  let clause = '';
  let item = '';
  const take = () => {
    const text = item.trim();
    item = '';
    if (!text || !clause) return;
    const path = clause === 'SET' ? text.split('=')[0].trim() : text.split(/\s+/)[0];
    const top = path.split(/[.[]/)[0];
    out.add(names[top] ?? top);
  };
  for (const word of expression.split(/(\s+|,|\(|\))/)) {
    if (word === '(') depth++;
    if (word === ')') depth--;
    if (depth === 0 && /^(SET|ADD|REMOVE|DELETE)$/.test(word)) {
      take();
      clause = word;
      continue;
    }
    if (depth === 0 && word === ',') take();
    else item += word;
  }
  take();
  return [...out];
}

/** The copy a target put new holds: its source and the version it copied (undefined: it holds none). */
function heldOnNew(name: CopyName, item: Item): { sourceId: string; version: number | string } | undefined {
  const d = copyDeclaration(name);
  const sourceId = item[d.sourceIdOn];
  if (typeof sourceId !== 'string') return undefined;
  if ('attribute' in d.holds && !(d.holds.attribute in item)) return undefined;
  const { version } = heldBy(d, item);
  return version === undefined ? undefined : { sourceId, version };
}

/**
 * After a write of the table succeeded (lambdas/data/transact.ts calls this for every write it makes): each source
 * record it updated, replaced or deleted has its copies follow, those reading what it wrote. An item put new (its
 * condition: no such item yet) that holds a copy read before the write is checked against its source
 * (copyHolderCreated); a source put new has no copies yet.
 */
export function copiesAfterWrite(write: {
  Update?: { Key?: Item; UpdateExpression?: string; ExpressionAttributeNames?: Record<string, string> };
  Put?: { Item?: Item; ConditionExpression?: string };
  Delete?: { Key?: Item };
}): void {
  if (write.Update) {
    const at = sourceOfKey(write.Update.Key);
    if (at)
      copySourceChanged(
        at.source,
        at.id,
        updatedAttributes(write.Update.UpdateExpression ?? '', write.Update.ExpressionAttributeNames),
      );
  } else if (write.Put?.Item) {
    const item = write.Put.Item;
    const created = write.Put.ConditionExpression?.includes('attribute_not_exists(pk)') === true;
    const at = sourceOfKey(item);
    if (at && !created) copySourceChanged(at.source, at.id, Object.keys(item));
    if (created)
      for (const name of Object.keys(COPIES) as CopyName[]) {
        const held = heldOnNew(name, item);
        if (held) copyHolderCreated(name, held.sourceId, held.version, item);
      }
  } else if (write.Delete) {
    const at = sourceOfKey(write.Delete.Key);
    if (at) copySourceChanged(at.source, at.id, 'removed');
  }
}

/** A data write took source record `before` to `after`: the copies whose projection moved follow. */
export function copySourceWritten(source: CopySource, before: object, after: object): void {
  for (const name of copiesOf(source)) {
    const d = copyDeclaration(name);
    if (!sameValue(d.project(before), d.project(after))) refreshLater(name, String((after as Item)._id));
  }
}

/** The targets a new item holding copy `name` stands for: itself, and what a declared target kind derives from it. */
function targetsOfNew(d: AnyCopy, item: Item): Key[] {
  const own = { pk: String(item.pk), sk: String(item.sk) };
  const derived = (d.targets as readonly CopyTargets<Item>[]).flatMap((t) =>
    'query' in t && t.keysOf && (t.query.attributes ?? []).every((a) => a in item) ? t.keysOf(item) : [],
  );
  const seen = new Set<string>();
  return [...derived.filter((k) => !(k.pk === own.pk && k.sk === own.sk)), own].filter((k) => {
    const id = `${k.pk}\u0000${k.sk}`;
    return !seen.has(id) && !!seen.add(id);
  });
}

/**
 * A data write created `item`, a target of copy `name` holding the copy of source `id` at `version` (read before
 * the write): when the source moved since, the refresh of that change may have missed the new item (an index shows
 * it a moment later), so the item (and what it stands for) gets the source's copy as it is now, forward only.
 */
export function copyHolderCreated(name: CopyName, id: string, version: number | string, item: Item): void {
  followUp(`settle:${name}:${String(item.pk)}:${String(item.sk)}`, async () => {
    const d = copyDeclaration(name);
    const source = await getRecord<Item>(COPY_SOURCES[d.source as CopySource].key(id), { consistent: true });
    if (!source || copyVersionOf(name, source) === version) return;
    const copy = d.project(source);
    const now = copyVersionOf(name, source);
    await writeGroup(targetsOfNew(d, item), (key) => writeCopy(name, key, copy, now));
  });
}
