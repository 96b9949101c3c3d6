/**
 * The OpenAPI document (common/openapi/document.ts) is generated from the route table and the shared schemas:
 * every route is in it with its schemas, every answer schema compiles, and Redocly's linter (its recommended
 * rules, offline) finds no error in it.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { routes, type RouteDef } from '../../common/routes';
import { ERROR_CODES } from '../../common/errors';
import { buildOpenApiDocument, documentedCodes, errorCodesOf } from '../../common/openapi/document';
import { routeSpecs } from '../../common/openapi/routeSpecs';
import { apiDocument, bodyExamples } from '../../common/openapi/examples';
import { answerMismatch, validatorFor } from '../support/openApiCheck';

// The published document: the one `npm run openapi`, the gateway and the cloud serve (with the demo examples).
const doc = apiDocument({ serverUrl: 'http://localhost:3001' });
const operations = Object.entries(doc.paths).flatMap(([path, ops]) =>
  Object.entries(ops).map(([method, op]) => ({ path, method, op })),
);

describe('the OpenAPI document', () => {
  it('describes every route of the route table, and nothing else', () => {
    expect(routes.filter((r) => !routeSpecs[r.handler]).map((r) => `${r.method} ${r.path}`)).toEqual([]);
    expect(Object.keys(routeSpecs).filter((h) => !routes.some((r) => r.handler === h))).toEqual([]);
    expect(operations.map((o) => `${o.method.toUpperCase()} ${o.path}`).sort()).toEqual(
      routes.map((r) => `${r.method} ${r.path}`).sort(),
    );
  });

  it('cannot be generated when a route of the table has no schemas', async () => {
    const added: RouteDef = { method: 'GET', path: '/account/export', handler: 'exportAccount', auth: 'user' };
    (routes as RouteDef[]).push(added);
    try {
      expect(() => buildOpenApiDocument()).toThrow(/No OpenAPI description of GET \/account\/export/);
    } finally {
      (routes as RouteDef[]).pop();
    }
  });

  it('names every path parameter, the security of each route and its role', () => {
    for (const route of routes) {
      const op = doc.paths[route.path][route.method.toLowerCase()];
      const inPath = ((op.parameters ?? []) as { in: string; name: string }[]).filter((p) => p.in === 'path');
      expect(inPath.map((p) => p.name)).toEqual([...route.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]));
      expect(op['x-role']).toBe(route.auth);
      expect(op.security).toEqual(route.auth === 'public' ? [] : [{ cognitoIdToken: [] }]);
      if (route.auth !== 'public') expect(op.responses['401']).toBeDefined();
      // The gateway's own refusals are on every route.
      for (const status of ['400', '413', '431', '500', '503']) expect(op.responses[status]).toBeDefined();
    }
  });

  it('lists each route’s error codes in the enum of its answers, all of them from the catalogue', () => {
    const createOffer = routes.find((r) => r.handler === 'createOffer')!;
    const codes = errorCodesOf(createOffer, routeSpecs.createOffer);
    expect(codes.get(409)).toEqual(expect.arrayContaining(['POST_NOT_OPEN', 'ALREADY_OFFERED']));
    expect(codes.get(403)).toEqual(expect.arrayContaining(['WRONG_ROLE', 'PROFILE_REQUIRED']));
    expect(codes.get(400)).toEqual(expect.arrayContaining(['BODY_NOT_JSON', 'NOT_A_NUMBER', 'BAD_REQUEST']));
    expect([...documentedCodes(doc)].filter((c) => !(ERROR_CODES as readonly string[]).includes(c))).toEqual([]);
  });

  it('has answer schemas Ajv compiles, and they refuse what the API never answers', () => {
    for (const { op } of operations)
      for (const response of Object.values(op.responses))
        for (const media of Object.values(response.content ?? {}))
          expect(() => validatorFor(media.schema)).not.toThrow();

    const ok = { message: 'Post not found', code: 'NOT_FOUND' };
    expect(
      answerMismatch('GET', '/post/p1', { status: 404, contentType: 'application/json', body: ok }),
    ).toBeUndefined();
    // A code this route does not answer, a status it does not answer, a field no post has.
    expect(
      answerMismatch('GET', '/post/p1', {
        status: 404,
        contentType: 'application/json',
        body: { message: 'x', code: 'ALREADY_OFFERED' },
      }),
    ).toMatch(/must be equal to one of the allowed values/);
    expect(answerMismatch('GET', '/post/p1', { status: 402, contentType: 'application/json', body: ok })).toMatch(
      /the document lists/,
    );
    const post = {
      _id: 'p1',
      userId: 'u1',
      title: 'Rinovim banjoje',
      images: [],
      category: [],
      location: 'Durrës',
      createdAt: '2026-11-20T10:00:00.000Z',
      status: 'open',
    };
    expect(
      answerMismatch('GET', '/post/p1', { status: 200, contentType: 'application/json', body: post }),
    ).toBeUndefined();
    expect(
      answerMismatch('GET', '/post/p1', {
        status: 200,
        contentType: 'application/json',
        body: { ...post, passwordHash: 'x' },
      }),
    ).toMatch(/must NOT have additional properties/);
  }, 30_000);

  it('passes Redocly’s linter (recommended rules) with no error', () => {
    const dir = mkdtempSync(join(tmpdir(), 'openapi-'));
    const file = join(dir, 'openapi.json');
    writeFileSync(file, JSON.stringify(doc));
    let out: string;
    try {
      out = execFileSync(
        process.execPath,
        ['node_modules/@redocly/cli/bin/cli.js', 'lint', file, '--format=json', '--max-problems=1000'],
        {
          encoding: 'utf8',
          env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
          stdio: ['ignore', 'pipe', 'pipe'],
        },
      );
    } catch (err) {
      // The linter exits non-zero when it finds errors; its report is on stdout all the same.
      out = (err as { stdout?: string }).stdout ?? String(err);
    }
    const report = JSON.parse(out.slice(out.indexOf('{'))) as {
      problems: { severity: string; ruleId: string; message: string; location?: { pointer?: string }[] }[];
    };
    const errors = report.problems.filter((p) => p.severity === 'error');
    expect(errors.map((p) => `${p.ruleId}: ${p.message} at ${p.location?.[0]?.pointer}`)).toEqual([]);
  }, 30_000);
});

describe('the examples of the OpenAPI document', () => {
  it('are bodies the route’s own request schema accepts', () => {
    const examples = Object.entries(bodyExamples);
    expect(examples.length).toBeGreaterThan(10);
    for (const [handler, example] of examples) {
      const body = routeSpecs[handler]?.body;
      expect(body, handler).toBeDefined();
      const result = body!.safeParse(example);
      expect(result.success, `${handler}: ${JSON.stringify(result.error?.issues)}`).toBe(true);
      const route = routes.find((r) => r.handler === handler)!;
      const media = doc.paths[route.path][route.method.toLowerCase()].requestBody as {
        content: Record<string, { example?: unknown }>;
      };
      expect(media.content['application/json'].example).toEqual(example);
    }
  });
});
