/**
 * The API's OpenAPI 3.1 document, generated from the route table (common/routes.ts), the shared request
 * schemas and the answer schemas (common/schemas/), through common/openapi/routeSpecs.ts: nothing of it is
 * written by hand, so it cannot drift from what the handlers check and answer. `npm run openapi` writes it to a
 * file; the local gateway serves it at /openapi.json (with a reference page at /docs); the CDK app deploys it
 * beside the web app; the integration tests check every answer against it (test/support/openApiCheck.ts).
 */
import * as z from 'zod';
import { routes, type RouteAuth, type RouteDef } from '../routes';
import type { ErrorCode } from '../errors';
import { IDEMPOTENCY_KEY_HEADER, IDEMPOTENCY_KEY_PATTERN, NEXT_CURSOR_HEADER } from '../constants';
import { PLAIN_DECIMAL } from '../schemas/fields';
import { apiErrorSchema } from '../schemas/answers';
import { routeSpecs, TAGS, type AnswerSpec, type RouteSpec } from './routeSpecs';

type JsonSchema = Record<string, unknown>;
export type OpenApiDocument = {
  openapi: string;
  info: Record<string, unknown>;
  paths: Record<string, Record<string, OpenApiOperation>>;
  components: { schemas: Record<string, JsonSchema> } & Record<string, unknown>;
} & Record<string, unknown>;
export interface OpenApiOperation {
  operationId: string;
  responses: Record<string, { description: string; content?: Record<string, { schema: JsonSchema }> }>;
  [key: string]: unknown;
}

/** The security scheme of every signed-in route: the ID token of the Cognito user pool. */
export const SECURITY_SCHEME = 'cognitoIdToken';

/** Codes a request's parameters, query or body may be refused with (lambdas/api/http.ts issueCode, the shared schemas). */
export const VALIDATION_CODES = [
  'VALIDATION_FAILED',
  'FIELD_REQUIRED',
  'FIELD_TOO_LONG',
  'FIELD_TOO_SHORT',
  'NOT_A_NUMBER',
  'NUMBER_OUT_OF_RANGE',
  'NOT_A_WHOLE_NUMBER',
  'INVALID_TEXT',
  'INVALID_VALUE',
  'TOO_MANY_ITEMS',
] as const satisfies readonly ErrorCode[];

const ROLE_TEXT: Record<RouteAuth, string> = {
  user: 'Any signed-in account (client or business).',
  client: 'Signed-in client accounts only (the ID token’s `nickname` is `client`); a business gets 403 WRONG_ROLE.',
  business: 'Signed-in business accounts only (the ID token’s `nickname` is `business`); a client gets 403 WRONG_ROLE.',
  moderator: 'Moderators only: members of the user pool’s `moderator` group; anyone else gets 403 NOT_MODERATOR.',
  operator:
    'The marketplace’s operators only: members of the user pool’s `operator` group; anyone else gets 403 NOT_OPERATOR.',
  public: 'Public: no sign-in.',
};

/** Every error status a route answers with, and the codes of each (the shared ones and the route's own). */
export function errorCodesOf(route: RouteDef, spec: RouteSpec): Map<number, ErrorCode[]> {
  const codes = new Map<number, Set<ErrorCode>>();
  const add = (status: number, ...list: readonly ErrorCode[]) => {
    const set = codes.get(status) ?? new Set<ErrorCode>();
    list.forEach((c) => set.add(c));
    codes.set(status, set);
  };
  // The gateway's own refusals: a request it cannot parse, a body or a head over its limits.
  add(400, 'BAD_REQUEST');
  add(413, 'BODY_TOO_LARGE');
  add(431, 'HEADERS_TOO_LARGE');
  if (spec.params || spec.query || spec.body) add(400, ...VALIDATION_CODES);
  if (spec.body) add(400, 'BODY_NOT_JSON');
  if (route.auth !== 'public') {
    // The authorizer (no, expired or foreign token) and the handler wrapper (not an ID token).
    add(401, 'UNAUTHORIZED');
    add(403, 'WRONG_ROLE', 'ACCOUNT_SUSPENDED');
    // A closed account (waiting for its erasure) is refused everywhere but on its deletion routes.
    if (!route.closedAccount) add(403, 'ACCOUNT_CLOSED');
    if (route.auth === 'moderator') add(403, 'NOT_MODERATOR');
    if (route.auth === 'operator') add(403, 'NOT_OPERATOR');
  }
  for (const [status, list] of Object.entries(spec.errors ?? {})) add(Number(status), ...(list ?? []));
  add(500, 'INTERNAL_ERROR');
  add(503, 'SERVICE_UNAVAILABLE');
  return new Map([...codes].sort(([a], [b]) => a - b).map(([s, set]) => [s, [...set]]));
}

const ERROR_TEXT: Record<number, string> = {
  400: 'The request is refused: see `code` and, per field, `errors`',
  401: 'No valid ID token (refused by the authorizer), or not an ID token',
  402: 'The payment was refused',
  403: 'The caller may not do this',
  404: 'No such record (or one the caller may not see)',
  409: 'The state of the records does not allow it',
  410: 'The record’s owner deleted their account',
  429: 'Too many attempts lately: wait a few minutes',
  413: 'The body is larger than the gateway takes (1 MB)',
  431: 'The request line and headers are larger than the gateway takes (10 KB)',
  500: 'An unexpected error (logged)',
  503: 'A dependency is unavailable, throttled or too slow: retry after Retry-After seconds',
};

// ---- zod to JSON Schema ----

const REF = (id: string) => `#/components/schemas/${id}`;
type Def = { type: string; in?: z.ZodType; out?: z.ZodType };
const defOf = (schema: unknown) => (schema as { _zod: { def: Def } })._zod.def;

/**
 * Describe what a caller sends. Where the input side of a pipe says nothing (a number field takes any JSON
 * value and turns it into a number; a preprocess step), the schema it is checked with says what is accepted:
 * numbers as a JSON number or a plain decimal string (common/schemas/fields.ts numberField).
 */
function inputSchema(schema: z.ZodType): JsonSchema {
  const json = z.toJSONSchema(schema, {
    io: 'input',
    unrepresentable: 'any',
    target: 'draft-2020-12',
    override: ({ zodSchema, jsonSchema }) => {
      const def = defOf(zodSchema);
      if (def.type !== 'pipe' || Object.keys(jsonSchema).some((k) => k !== 'description' && k !== 'default')) return;
      const out = inputSchema(def.out as z.ZodType);
      const isNumber = out.type === 'number' || out.type === 'integer';
      const accepted = isNumber
        ? { anyOf: [out, { type: 'string', pattern: PLAIN_DECIMAL.source, description: 'A plain decimal' }] }
        : out;
      Object.assign(jsonSchema, accepted);
    },
  }) as JsonSchema;
  delete json.$schema;
  return json;
}

/** Describe what the API answers; named schemas (`.meta({id})`) are references to components. */
function outputSchema(schema: z.ZodType): { schema: JsonSchema; defs: Record<string, JsonSchema> } {
  const generated = z.toJSONSchema(schema, {
    io: 'output',
    target: 'draft-2020-12',
    reused: 'inline',
    override: ({ jsonSchema }) => {
      // z.iso's long patterns say no more than the format does.
      if (jsonSchema.format === 'date-time' || jsonSchema.format === 'date') delete jsonSchema.pattern;
    },
  });
  // Named schemas go to the document's components, where every reference points.
  const json = JSON.parse(JSON.stringify(generated).replaceAll('"#/$defs/', `"${REF('')}`)) as JsonSchema;
  const defs = (json.$defs ?? {}) as Record<string, JsonSchema>;
  delete json.$defs;
  delete json.$schema;
  return { schema: json, defs };
}

/** The JSON Schema of each property of an object schema, and which are required. */
function properties(schema: z.ZodType): { name: string; schema: JsonSchema; required: boolean }[] {
  const json = inputSchema(schema);
  const props = (json.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((json.required ?? []) as string[]);
  return Object.entries(props).map(([name, s]) => ({ name, schema: s, required: required.has(name) }));
}

// ---- The document ----

export interface DocumentOptions {
  /** The API's address (the local gateway's or the stage's); relative `/` when not given. */
  serverUrl?: string;
  /** Example request bodies by handler (./examples.ts: the demo data's). */
  bodyExamples?: Record<string, unknown>;
}

/** The OpenAPI 3.1 document of every route of the route table. */
export function buildOpenApiDocument(opts: DocumentOptions = {}): OpenApiDocument {
  const components: Record<string, JsonSchema> = {};
  const collect = (schema: z.ZodType) => {
    const { schema: json, defs } = outputSchema(schema);
    Object.assign(components, defs);
    return json;
  };
  const errorRef = collect(apiErrorSchema);
  const paths: OpenApiDocument['paths'] = {};

  for (const route of routes) {
    const spec = routeSpecs[route.handler];
    if (!spec)
      throw new Error(`No OpenAPI description of ${route.method} ${route.path} (common/openapi/routeSpecs.ts)`);
    const parameters: JsonSchema[] = [];
    if (spec.params) {
      for (const p of properties(spec.params))
        parameters.push({ name: p.name, in: 'path', required: true, schema: p.schema });
    }
    const pathNames = [...route.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
    const declared = parameters.map((p) => p.name);
    if (pathNames.join() !== declared.join()) {
      throw new Error(`${route.method} ${route.path}: path parameters ${pathNames} but the schema names ${declared}`);
    }
    if (spec.query) {
      for (const p of properties(spec.query)) {
        // A query value is text: a number field's number form says what it means.
        const [asNumber] = (p.schema.anyOf ?? []) as JsonSchema[];
        const { anyOf: _alternatives, ...rest } = p.schema;
        const schema =
          asNumber && (asNumber.type === 'number' || asNumber.type === 'integer') ? { ...rest, ...asNumber } : p.schema;
        parameters.push({ name: p.name, in: 'query', required: p.required, schema });
      }
    }
    if (spec.signedBody) {
      parameters.push({
        name: spec.signedBody.signatureHeader,
        in: 'header',
        required: true,
        description: "The provider's signature of the raw body: `ts=<unix seconds>;h1=<hex HMAC-SHA256>`",
        schema: { type: 'string' },
      });
    }
    if (spec.idempotent) {
      parameters.push({
        name: IDEMPOTENCY_KEY_HEADER,
        in: 'header',
        required: false,
        description:
          'Makes a retry safe: the same key with the same body answers the first answer again, charging once.',
        schema: { type: 'string', pattern: IDEMPOTENCY_KEY_PATTERN.source },
      });
    }

    const responses: OpenApiOperation['responses'] = {};
    for (const [status, answer] of Object.entries(spec.answers) as [string, AnswerSpec][]) {
      responses[status] = {
        description: answer.description,
        ...(answer.paged
          ? {
              headers: {
                [NEXT_CURSOR_HEADER]: {
                  description: 'The cursor of the next page (send it as `cursor`); absent on the last page',
                  schema: { type: 'string' },
                },
              },
            }
          : {}),
        content: answer.html
          ? { 'text/html': { schema: { type: 'string' } } }
          : answer.csv
            ? { 'text/csv': { schema: { type: 'string' } } }
            : { 'application/json': { schema: collect(answer.schema ?? z.unknown()) } },
      };
    }
    for (const [status, codes] of errorCodesOf(route, spec)) {
      responses[String(status)] = {
        description: ERROR_TEXT[status] ?? 'Refused',
        ...(status === 503
          ? { headers: { 'Retry-After': { description: 'Seconds to wait', schema: { type: 'integer' } } } }
          : {}),
        content: {
          'application/json': {
            schema: { allOf: [errorRef, { type: 'object', properties: { code: { enum: codes } } }] },
          },
          // A public route's link opened in a browser (Accept: text/html) is refused with a page.
          ...(route.auth === 'public' && status === 400 ? { 'text/html': { schema: { type: 'string' } } } : {}),
        },
      };
    }

    const operation: OpenApiOperation = {
      operationId: route.handler,
      summary: spec.summary,
      description: [ROLE_TEXT[route.auth], spec.description].filter(Boolean).join('\n\n'),
      tags: [spec.tag],
      'x-role': route.auth,
      security: route.auth === 'public' ? [] : [{ [SECURITY_SCHEME]: [] }],
      ...(parameters.length ? { parameters } : {}),
      ...(spec.signedBody
        ? {
            requestBody: {
              required: true,
              description: spec.signedBody.description,
              content: { 'application/json': { schema: collect(spec.signedBody.schema) } },
            },
          }
        : {}),
      ...(spec.body
        ? {
            requestBody: {
              required: true,
              content: {
                'application/json': {
                  schema: inputSchema(spec.body),
                  ...(opts.bodyExamples?.[route.handler] !== undefined
                    ? { example: opts.bodyExamples[route.handler] }
                    : {}),
                },
              },
            },
          }
        : {}),
      responses,
    };
    paths[route.path] ??= {};
    paths[route.path][route.method.toLowerCase()] = operation;
  }

  return {
    openapi: '3.1.0',
    info: {
      title: 'Interior marketplace API',
      version: '1.0.0',
      summary: 'Requests, offers, reviews, ads, chat and moderation of the home and interior-design marketplace',
      description:
        'Every error answer is `{message, code, errors?}`: `code` is stable (the enum of each answer lists the ones ' +
        'that route gives), `message` is English for people, `errors` names each refused field. Lists are paged: ' +
        `\`limit\` and \`cursor\` in the query, the next cursor in the \`${NEXT_CURSOR_HEADER}\` header.`,
      license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
    },
    servers: [{ url: opts.serverUrl ?? '/', description: 'The API of this stage' }],
    security: [{ [SECURITY_SCHEME]: [] }],
    tags: Object.entries(TAGS).map(([name, description]) => ({ name, description })),
    paths,
    components: {
      securitySchemes: {
        [SECURITY_SCHEME]: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'JWT',
          description:
            'The ID token (not the access token) of the Cognito user pool: `Authorization: Bearer <idToken>`. ' +
            'Its `nickname` claim is the account type (client or business); moderators are in the `moderator` group, the marketplace’s operators in the `operator` group.',
        },
      },
      schemas: Object.fromEntries(Object.entries(components).sort(([a], [b]) => a.localeCompare(b))),
    },
  };
}

/** Every error code the document lists (for the check that the catalogue and the document agree). */
export const documentedCodes = (doc: OpenApiDocument): Set<string> => {
  const found = new Set<string>();
  for (const ops of Object.values(doc.paths))
    for (const op of Object.values(ops))
      for (const r of Object.values(op.responses)) {
        const s = r.content?.['application/json']?.schema as {
          allOf?: { properties?: { code?: { enum?: string[] } } }[];
        };
        s?.allOf?.[1]?.properties?.code?.enum?.forEach((c) => found.add(c));
      }
  return found;
};
