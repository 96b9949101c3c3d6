/**
 * Property-based test of every route of common/routes.ts: generated bodies, queries and
 * path ids, built from each route's request schema (common/schemas/), full of wrong types, boundary
 * lengths in characters and in UTF-8 bytes, odd Unicode (lone surrogates, NUL, bidi overrides,
 * U+3316, emoji) and numbers that are huge, negative, fractional or no numbers at all, sent with a
 * token of the route's role and of the wrong role. It asserts: never a 5xx; every 4xx is JSON with
 * `message` and a `code` of common/errors.ts; the wrong role is 403 WRONG_ROLE; a refused write
 * changes nothing (a test-only Scan of the items of this file's users before and after, on the file's own stack).
 *
 * Seed: fixed when CI is set, random otherwise, always printed. Replay a run with FC_SEED=<seed>.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, ScanCommand } from '@aws-sdk/lib-dynamodb';
import { routes, routeKey, type RouteDef } from '../../common/routes';
import { ERROR_CODES } from '../../common/errors';
import { isWellFormed, PLAIN_DECIMAL } from '../../common/schemas/fields';
import { routeSpecs } from '../../common/openapi/routeSpecs';
import { keys } from '../../lambdas/model/keys';
import { GATEWAY_ERRORS, REQUEST_HEAD_LIMIT_BYTES } from '../../bin/local/gateway';
import {
  call,
  newBusiness,
  newClient,
  newOffer,
  newPost,
  stack,
  uploadPicture,
  type BusinessAccount,
  type Client,
} from '../support/api';
import { useOwnLocalStack } from '../support/ownStack';

const SEED = process.env.FC_SEED
  ? Number(process.env.FC_SEED)
  : process.env.CI
    ? 20_261_123
    : Math.floor(Math.random() * 2 ** 31);
/** Runs per route (each run sends the request with every token); the whole file stays well under 2 minutes. */
const RUNS = Number(process.env.FC_RUNS ?? 50);

/** The request schemas each handler validates with: the route's entry in the OpenAPI route specs (the same objects the handlers import). */
const schemas = routeSpecs;

// ---- Generators ----

const lengths = [
  1, 99, 100, 101, 127, 128, 129, 199, 200, 201, 255, 256, 511, 512, 513, 1000, 1001, 1024, 1025, 2000, 2001, 2048,
  2049, 5000, 5001,
];
const oddText: fc.Arbitrary<string> = fc.oneof(
  fc.string({ maxLength: 30 }),
  fc.string({ unit: 'grapheme', maxLength: 12 }),
  fc.string({ unit: 'binary', maxLength: 12 }),
  fc.constantFrom(
    '',
    ' ',
    '   ',
    '\u0000',
    'a\u0000b',
    '\uD800',
    'x\uDC00',
    '\uDBFF\uDBFF',
    '\u202Eexe.jpg',
    '\u2066x\u2069',
    '\u202A',
    'a\u0085b',
    '\u3316'.repeat(100),
    '\u3316'.repeat(20),
    '😀'.repeat(300),
    '🛋️',
    'Korçë',
    'a\nb',
    'a\tb',
    '\r\n',
    '#',
    'x#y',
    'OPEN#C#',
    '%',
    '..x',
    '<script>',
    '{}',
    '[]',
    'null',
    'true',
    '12',
    ' 7 ',
    '0x10',
    '1e3',
    '-1',
    'NaN',
    'Infinity',
  ),
  fc.constantFrom(...lengths).map((n) => 'a'.repeat(n)),
  fc.constantFrom(128, 129, 256, 257, 512, 513, 600).map((n) => 'ë'.repeat(n)),
  fc.constantFrom(64, 65, 128, 129, 256, 257).map((n) => '😀'.repeat(n)),
);
const oddNumber: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 1, arbitrary: fc.oneof(fc.double(), fc.integer(), fc.integer({ min: -2, max: 6 })) },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      1e308,
      -1e308,
      1e21,
      2 ** 53 + 1,
      -1,
      0,
      -0,
      0.5,
      1.005,
      12.345,
      5_000_001,
      100_000_001,
      1_000_000_001,
    ),
  },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      '12',
      '12.5',
      ' 7 ',
      '0x10',
      '1e3',
      '1e-200',
      '',
      'NaN',
      'Infinity',
      '-5',
      '9'.repeat(400),
      '١٢',
      '+5',
      '.5',
    ),
  },
  { weight: 4, arbitrary: fc.constantFrom(true, false, null, [5], [[1]], ['7'], {}, { n: 1 }) },
);
const anyJson = fc.jsonValue({ maxDepth: 2 });

interface Fixtures {
  client: Client;
  business: BusinessAccount;
  postId: string;
  offerId: string;
  adId: string;
  roomId: string;
  /** An idea of `business` (a portfolio picture it tagged), and a board of `client` holding it. */
  ideaId: string;
  ideaPicture: string;
  boardId: string;
}
let fx: Fixtures;

const NUMERIC = new Set(['price', 'budget', 'rating', 'contentLength', 'limit', 'minBudget', 'maxBudget']);
const ID_FIELDS = new Set(['userId', 'postId', 'businessId', 'offerId', 'clientId', 'cognitoId', 'id', 'sub']);

/** Sensible values of a field, so that generated requests also get past validation and reach the handler's checks. */
function validValues(field: string): unknown[] {
  const { client, business, postId, offerId, adId, roomId, ideaId, ideaPicture, boardId } = fx;
  if (ID_FIELDS.has(field))
    return [client.userId, business.businessId, postId, offerId, adId, client.sub, business.sub, ideaId, boardId];
  if (NUMERIC.has(field)) return [1, 5, 20, '12', 250.5];
  switch (field) {
    case 'location':
    case 'locations':
      return ['Tirana', 'Durrës', 'Tirana,Fier'];
    case 'category':
    case 'categories':
      return [['decor'], 'decor,lights', ['interior-design', 'decor']];
    case 'newStatus':
      return ['accepted', 'pending', 'declined', 'finished'];
    case 'plan':
      return ['basic', 'standard', 'premium'];
    case 'contentType':
      return ['image/png', 'IMAGE/JPEG'];
    case 'email':
      return ['someone@test.al'];
    case 'roomId':
      return [roomId, postId];
    case 'ideaId':
      return [ideaId, postId];
    case 'room':
      return ['kitchen', 'living-room', 'garage'];
    case 'style':
      return ['modern', null, 'baroque'];
    case 'service':
      return ['decor', 'furniture'];
    case 'town':
      return ['Tirana', 'Durrës'];
    case 'picture':
      return [ideaPicture, `uploads/${business.sub}/a.png`, `uploads/${client.sub}/a.png`];
    case 'show':
    case 'shared':
      return [true, false];
    case 'messageId':
      return ['-NmessageKey_1', 'm1'];
    case 'blocked':
      return [true, false];
    case 'image':
    case 'profilePicture':
      return [`uploads/${business.sub}/a.png`, `uploads/${client.sub}/a.png`, null, ''];
    case 'images':
    case 'showroom':
      return [[`uploads/${client.sub}/a.png`], [`uploads/${business.sub}/a.png`, 'x']];
    default:
      return ['Hello', 'Shtëpi e re', 'Line one\nline two'];
  }
}

/** A body field: sometimes valid, sometimes odd for its kind, sometimes of any JSON type. */
const bodyField = (field: string) =>
  fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...validValues(field)) },
    { weight: 4, arbitrary: NUMERIC.has(field) ? oddNumber : oddText },
    { weight: 2, arbitrary: fc.oneof(oddText, oddNumber, anyJson) },
    { weight: 1, arbitrary: fc.array(oddText, { maxLength: 25 }) },
  );
/** A query value is always text. */
const queryField = (field: string) =>
  fc.oneof(
    {
      weight: 3,
      arbitrary: fc.constantFrom(...validValues(field)).map((v) => (Array.isArray(v) ? v.join(',') : String(v ?? ''))),
    },
    { weight: 4, arbitrary: oddText },
    { weight: 2, arbitrary: oddNumber.map((v) => (typeof v === 'string' ? v : (JSON.stringify(v) ?? ''))) },
  );
/** A path id: real ones (not for deletes: the fixtures stay) or odd text that keeps the path one segment. */
const pathId = (field: string, destructive: boolean) =>
  fc.oneof(
    { weight: destructive ? 0 : 3, arbitrary: fc.constantFrom(...validValues(field)).map(String) },
    {
      weight: 5,
      arbitrary: oddText.filter(
        (s) =>
          (s.length > 0 && !s.includes('/') && s !== '.' && s !== '..' && s.trim() === s) ||
          (s.trim().length > 0 && !s.includes('/')),
      ),
    },
  );

/** encodeURIComponent, with lone surrogates sent as their (invalid) 3-byte UTF-8 form instead of throwing. */
function encode(text: string): string {
  let out = '';
  for (const ch of text) {
    try {
      out += encodeURIComponent(ch);
    } catch {
      const cu = ch.charCodeAt(0);
      out += [0xe0 | (cu >> 12), 0x80 | ((cu >> 6) & 0x3f), 0x80 | (cu & 0x3f)]
        .map((b) => `%${b.toString(16).toUpperCase()}`)
        .join('');
    }
  }
  return out;
}

interface Generated {
  params: Record<string, string>;
  query: Record<string, string>;
  body?: unknown;
  raw?: string;
}

function requestArb(route: RouteDef): fc.Arbitrary<Generated> {
  const s = schemas[route.handler];
  const pathNames = [...route.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
  const params = fc.record(Object.fromEntries(pathNames.map((p) => [p, pathId(p, route.method === 'DELETE')])));
  const query = s.query
    ? fc.record(Object.fromEntries(Object.keys(s.query.shape).map((f) => [f, queryField(f)])), { requiredKeys: [] })
    : fc.constant({});
  const body = s.body
    ? fc.oneof(
        {
          weight: 2,
          arbitrary: fc
            .record(Object.fromEntries(Object.keys(s.body.shape).map((f) => [f, bodyField(f)])), { requiredKeys: [] })
            .map((b) => ({ body: b as unknown })),
        },
        // Valid but for one field: the odd value alone decides the answer.
        {
          weight: 8,
          arbitrary: fc
            .tuple(
              fc.record(
                Object.fromEntries(Object.keys(s.body.shape).map((f) => [f, fc.constantFrom(...validValues(f))])),
              ),
              fc.constantFrom(...Object.keys(s.body.shape)).chain((f) => bodyField(f).map((v) => [f, v] as const)),
            )
            .map(([valid, [f, v]]) => ({ body: { ...valid, [f]: v } as unknown })),
        },
        { weight: 1, arbitrary: anyJson.map((b) => ({ body: b as unknown })) },
        {
          weight: 1,
          arbitrary: fc
            .constantFrom('{', '{"a":', 'not json', '\u0000', '[1,2', '{"price": 01}')
            .map((raw) => ({ raw })),
        },
      )
    : fc.constant({});
  return fc.record({ params, query, body }).map(({ params: p, query: q, body: b }) => ({
    params: p as Record<string, string>,
    query: q as Record<string, string>,
    ...(b as object),
  }));
}

/** Numbers no numeric field may take, and text no text field may hold. */
const junkNumber = (v: unknown) =>
  typeof v === 'boolean' ||
  (typeof v === 'object' && v !== null) ||
  (typeof v === 'string' && v !== '' && !PLAIN_DECIMAL.test(v));
const junkText = (v: unknown) =>
  typeof v === 'string' && (!isWellFormed(v) || /[\u0000\u202A-\u202E\u2066-\u2069]/.test(v));

/** The fields of a generated request that must make it a 400 (numbers of body and query; text of the body). */
function junkFields(route: RouteDef, g: Generated): string[] {
  const s = schemas[route.handler];
  const out: string[] = [];
  if (s.body && g.raw === undefined && g.body && typeof g.body === 'object' && !Array.isArray(g.body)) {
    for (const [k, v] of Object.entries(g.body as Record<string, unknown>)) {
      if (NUMERIC.has(k) ? junkNumber(v) : junkText(v)) out.push(`body.${k}`);
    }
  }
  for (const [k, v] of Object.entries(g.query)) if (NUMERIC.has(k) && junkNumber(v)) out.push(`query.${k}`);
  return out;
}

/**
 * Cases always run before the generated ones: every body field junk in turn, the others valid, so a
 * schema that lets one kind of junk through fails whatever the seed.
 */
function examples(route: RouteDef): [Generated][] {
  const s = schemas[route.handler];
  if (!s.body) return [];
  const names = Object.keys(s.body.shape);
  const params = Object.fromEntries(
    [...route.path.matchAll(/\{(\w+)\}/g)].map((m) => [m[1], String(validValues(m[1])[0])]),
  );
  const valid = Object.fromEntries(names.map((f) => [f, validValues(f)[0]]));
  return names.flatMap((f) =>
    (NUMERIC.has(f) ? [true, [5], '0x10', ' 7 '] : ['a\u0000b', 'x\uD800', '\u202Ex']).map((junk): [Generated] => [
      { params, query: {}, body: { ...valid, [f]: junk } },
    ]),
  );
}

function urlOf(route: RouteDef, g: Generated): string {
  // "." and ".." (also as %2E) are dot segments: every URL parser resolves them before the request leaves, so
  // they name another path (GET /business/ads/. is GET /business/ads/ = GET /business/{id}), never an id.
  const segment = (v: string) => (/^(\.|%2e){1,2}$/i.test(v) ? `${v}x` : v);
  const path = route.path.replace(/\{(\w+)\}/g, (_, name: string) => encode(segment(g.params[name])));
  const qs = Object.entries(g.query)
    .map(([k, v]) => `${k}=${encode(v)}`)
    .join('&');
  return qs ? `${path}?${qs}` : path;
}

// ---- What the callers' data looks like (test-only Scan) ----

let ddb: DynamoDBDocumentClient;
/** Every item that mentions one of this file's users or records, in a stable order. */
async function snapshot(): Promise<string> {
  const needles = [
    fx.client.sub,
    fx.client.userId,
    fx.business.sub,
    fx.business.businessId,
    fx.postId,
    fx.offerId,
    fx.adId,
    fx.roomId,
    fx.ideaId,
    fx.boardId,
  ];
  const found: string[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const out = await ddb.send(new ScanCommand({ TableName: stack().tableName, ExclusiveStartKey: start }));
    for (const item of out.Items ?? []) {
      // The notifier writes in-app notifications (and their unread count) a moment after the writes it
      // is told of by the table's stream: its own work, not the request's (test/integration/notifications.test.ts).
      // Likewise its lead index (from profile changes), digest entries and unread-chat email claims, and the operator's
      // figures (OPS..., lambdas/data/operatorFigures.ts), which the stream's consumer counts a moment after the writes.
      // The notification state (in the notifications' partition) is kept apart from the notifier's count.
      if (item.sk === keys.notificationStateSk) {
        delete item.unread;
        if (Object.keys(item).length === 2) continue;
      } else if (/^(NOTIFS|LEADS|DIGEST|CHATMAIL|OPS[A-Z]*)#/.test(String(item.pk))) continue;
      // A data export's item moves on by the privacy worker's work (being made, ready): the request's own write is
      // when it was asked.
      if (String(item.pk).startsWith('EXPORT#'))
        for (const field of Object.keys(item)) if (!['pk', 'sk', 'requestedAt'].includes(field)) delete item[field];
      const text = JSON.stringify(item);
      if (needles.some((n) => text.includes(n))) found.push(text);
    }
    start = out.LastEvaluatedKey;
  } while (start);
  return found.sort().join('\n');
}

// The Scan after each refused write reads the whole table: on a stack of its own, only this file's few hundred items.
useOwnLocalStack('malformed-requests');

const WRITES = new Set(['POST', 'PUT', 'DELETE']);
let seen = '';
const started = Date.now();

beforeAll(async () => {
  // eslint-disable-next-line no-console
  console.log(
    `malformedRequests: fast-check seed ${SEED} (replay: FC_SEED=${SEED} npx vitest run --project integration test/integration/malformedRequests.test.ts)`,
  );
  const s = stack();
  ddb = DynamoDBDocumentClient.from(
    new DynamoDBClient({
      endpoint: s.dynamoEndpoint,
      region: s.region,
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    }),
  );
  const client = await newClient({ username: 'Fuzz Client' });
  const business = await newBusiness({ businessName: 'Fuzz Studio', categories: [] });
  const post = await newPost(client, { category: ['decor'] });
  const offer = await newOffer(business, post._id);
  const ad = await call('POST', '/ad', {
    token: business.token,
    body: { businessId: business.businessId, image: await uploadPicture(business) },
  });
  expect(ad.status).toBe(201);
  const room = await call('POST', '/chat/createRoom', {
    token: client.token,
    body: { businessId: business.businessId, clientId: client.userId },
  });
  expect(room.status).toBe(201);
  // An idea (a portfolio picture, tagged once the processor accepted it) and a board of the client's holding it.
  const ideaPicture = await uploadPicture(business);
  let idea: Awaited<ReturnType<typeof call<{ _id: string }>>> | undefined;
  for (let again = 0; again < 20; again++) {
    const showroom = await call('PUT', `/business/${business.businessId}`, {
      token: business.token,
      body: { showroom: [ideaPicture] },
    });
    if (showroom.status === 200)
      idea = await call('POST', '/ideas', {
        token: business.token,
        body: { picture: ideaPicture, room: 'kitchen', service: 'decor' },
      });
    if (idea?.status === 201 || idea?.status === 200) break;
    await new Promise((r) => setTimeout(r, 500));
  }
  expect([200, 201], JSON.stringify(idea?.body)).toContain(idea?.status);
  const board = await call('POST', '/boards', { token: client.token, body: { name: 'Fuzz board' } });
  expect(board.status).toBe(201);
  expect((await call('PUT', `/boards/${board.body._id}/ideas/${idea!.body._id}`, { token: client.token })).status).toBe(
    200,
  );
  fx = {
    client,
    business,
    postId: post._id,
    offerId: offer._id,
    adId: ad.body._id,
    roomId: room.body._id,
    ideaId: idea!.body._id,
    ideaPicture,
    boardId: board.body._id,
  };
  seen = await snapshot();
});

afterAll(() => {
  // eslint-disable-next-line no-console
  console.log(
    `malformedRequests: ${routes.length} routes x ${RUNS} runs in ${Math.round((Date.now() - started) / 1000)} s, seed ${SEED}`,
  );
});

describe('malformed requests to every route', () => {
  it('every route of the table has its request schemas here', () => {
    expect(routes.map((r) => r.handler).filter((h) => !schemas[h])).toEqual([]);
  });

  it.each(routes.map((r, i) => [routeKey(r), r, i] as const))(
    '%s: never a 5xx, 4xx JSON with message and code, refusals change nothing',
    async (_key, route, index) => {
      const tokens = () => [fx.client, fx.business].map((a) => ({ token: a.token, role: a.role }));
      seen = await snapshot();
      await fc.assert(
        fc.asyncProperty(requestArb(route), async (g) => {
          for (const { token, role } of tokens()) {
            const url = urlOf(route, g);
            const res = await call(route.method, url, {
              token,
              ...(g.raw !== undefined ? { rawBody: g.raw } : g.body !== undefined ? { body: g.body } : {}),
            });
            const what = `${role} ${route.method} ${url.slice(0, 300)} ${g.raw ?? JSON.stringify(g.body)?.slice(0, 300)} -> ${res.status} ${JSON.stringify(res.body)?.slice(0, 300)}`;
            expect(res.status, what).toBeLessThan(500);
            // API Gateway itself refuses a path whose percent-encoding is not UTF-8 (a lone surrogate sent
            // as bytes), before any handler runs, with its own bare answer: the one answer without a code.
            // So is its 431 for a request line past its 10,240-byte quota (two long path ids of one route).
            const gatewayRefusal =
              (res.status === 400 &&
                res.body?.message === 'Bad Request' &&
                Object.values(g.params).some((v) => !isWellFormed(v))) ||
              (res.status === GATEWAY_ERRORS.headTooLarge.status &&
                res.body?.code === GATEWAY_ERRORS.headTooLarge.code &&
                url.length > REQUEST_HEAD_LIMIT_BYTES / 2);
            if (res.status >= 400 && !gatewayRefusal) {
              expect(typeof res.body, what).toBe('object');
              expect(typeof res.body?.message, what).toBe('string');
              expect(ERROR_CODES, what).toContain(res.body.code);
            }
            // These tokens are a client's and a business's, neither a moderator nor an operator.
            if (!gatewayRefusal && route.auth === 'moderator')
              expect([res.status, res.body?.code], what).toEqual([403, 'NOT_MODERATOR']);
            else if (!gatewayRefusal && route.auth === 'operator')
              expect([res.status, res.body?.code], what).toEqual([403, 'NOT_OPERATOR']);
            else if (!gatewayRefusal && route.auth !== 'user' && route.auth !== 'public' && role !== route.auth)
              expect([res.status, res.body?.code], what).toEqual([403, 'WRONG_ROLE']);
            // A field that is certainly not what its kind allows makes the request a 400, whatever else it holds.
            const junk = junkFields(route, g);
            if (
              !gatewayRefusal &&
              junk.length &&
              (route.auth === 'user' || route.auth === 'public' || role === route.auth)
            ) {
              expect(res.status, `${what} (junk: ${junk.join(', ')})`).toBe(400);
            }
            if (WRITES.has(route.method)) {
              const now = await snapshot();
              if (res.status >= 400) expect(now, `a refused request changed data: ${what}`).toBe(seen);
              seen = now;
            }
          }
        }),
        {
          seed: SEED + index,
          numRuns: RUNS,
          endOnFailure: true,
          examples: route.method === 'DELETE' ? [] : examples(route),
        },
      );
    },
    120_000,
  );
});
