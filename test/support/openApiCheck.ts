/**
 * Checks an answer of the API against the OpenAPI document (common/openapi/document.ts): the status is one the
 * document lists for that route, and the body matches that status's schema (Ajv, JSON Schema 2020-12, formats
 * checked). test/support/api.ts `call` runs it on every answer, so one answer that differs from the document
 * fails the test that got it; test/unit/openapi.test.ts compiles every schema with it.
 */
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { buildOpenApiDocument, type OpenApiDocument } from '../../common/openapi/document';
import type { HttpMethod, RouteAuth, RouteDef } from '../../common/routes';
import { compileRoutes, matchRoute } from '../../bin/local/gateway';

// ajv-formats is CommonJS: its default export arrives wrapped under ESM.
const addFormats = ((addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ??
  addFormatsModule) as typeof addFormatsModule;

const COMPONENTS = '#/components/schemas/';

let state: { doc: OpenApiDocument; ajv: Ajv2020; compiled: Map<string, ValidateFunction> } | undefined;
function load() {
  if (state) return state;
  const doc = buildOpenApiDocument();
  const ajv = new Ajv2020({ allErrors: true, strict: true });
  addFormats(ajv);
  // Component schemas under one id, so `#/components/schemas/X` references resolve.
  ajv.addSchema(toAjvRefs({ $id: 'openapi', $defs: doc.components.schemas }));
  state = { doc, ajv, compiled: new Map() };
  return state;
}

const toAjvRefs = (schema: unknown) =>
  JSON.parse(JSON.stringify(schema).replaceAll(`"${COMPONENTS}`, '"openapi#/$defs/')) as object;

/** The Ajv check of one schema of the document (compiled once per distinct schema). */
export function validatorFor(schema: unknown): ValidateFunction {
  const s = load();
  const key = JSON.stringify(schema);
  let v = s.compiled.get(key);
  if (!v) {
    v = s.ajv.compile(toAjvRefs(schema));
    s.compiled.set(key, v);
  }
  return v;
}

/** The ApiError schema: every answer of the gateway to a path no route serves. */
const errorBodyCheck = () => validatorFor({ $ref: `${COMPONENTS}ApiError` });

let routesCompiled: ReturnType<typeof compileRoutes> | undefined;

export interface Answer {
  status: number;
  contentType: string;
  body: unknown;
}

/** Why the answer differs from the document, or undefined when it matches. */
export function answerMismatch(method: string, url: string, answer: Answer): string | undefined {
  const { doc } = load();
  const upper = method.toUpperCase();
  if (upper === 'OPTIONS') return undefined; // CORS preflight: the gateway's, not an operation
  const path = new URL(url, 'http://local').pathname;
  routesCompiled ??= compileRoutes(routesOf(doc));
  let match: ReturnType<typeof matchRoute>;
  try {
    match = matchRoute(routesCompiled, upper, path);
  } catch {
    match = undefined; // malformed percent-encoding: the gateway's 400
  }
  const where = `${upper} ${path} answered ${answer.status}`;
  if (!match) {
    // No operation: only the gateway's own refusals (no route 404, a request it cannot take).
    if (![400, 404, 413, 431].includes(answer.status)) return `${where}, but no route of the document serves it`;
    return bodyMismatch(where, errorBodyCheck(), answer.body);
  }
  const operation = doc.paths[match.route.path]?.[upper.toLowerCase()];
  if (!operation) return `${where}: ${match.route.path} has no ${upper} operation in the document`;
  const response = operation.responses[String(answer.status)];
  if (!response) {
    return `${where}; the document lists ${Object.keys(operation.responses).join(', ')} for ${upper} ${match.route.path}`;
  }
  const content = response.content ?? {};
  const type = answer.contentType.split(';')[0].trim().toLowerCase();
  const media = content[type];
  if (!media) return `${where} with content-type "${type}"; the document says ${Object.keys(content).join(', ')}`;
  if (type !== 'application/json') return undefined;
  const check = validatorFor(media.schema);
  return bodyMismatch(where, check, answer.body);
}

function bodyMismatch(where: string, check: ValidateFunction, body: unknown): string | undefined {
  if (check(body)) return undefined;
  const problems = (check.errors ?? [])
    .slice(0, 8)
    .map((e) => `${e.instancePath || '(body)'} ${e.message}${e.params ? ` ${JSON.stringify(e.params)}` : ''}`)
    .join('; ');
  return `${where}, a body the document does not allow: ${problems}\nbody: ${JSON.stringify(body).slice(0, 1500)}`;
}

/** The routes of the document, as the gateway's matcher takes them. */
function routesOf(doc: OpenApiDocument): RouteDef[] {
  return Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.entries(ops).map(([method, op]) => ({
      method: method.toUpperCase() as HttpMethod,
      path,
      handler: op.operationId,
      auth: op['x-role'] as RouteAuth,
    })),
  );
}
