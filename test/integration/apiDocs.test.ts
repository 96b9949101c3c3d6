/**
 * The local gateway serves the API's OpenAPI document at /openapi.json and a reference page at /docs, with
 * every file the page loads served from node_modules (bin/local/apiDocs.ts): a developer reads the API with no
 * internet connection.
 */
import { describe, expect, it } from 'vitest';
import { routes } from '../../common/routes';
import { stack } from '../support/api';

describe('the API description on the local gateway', () => {
  it('serves the OpenAPI 3.1 document, naming the gateway as its server', async () => {
    const res = await fetch(`${stack().apiUrl}/openapi.json`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    const doc = await res.json();
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.servers[0].url).toBe(stack().apiUrl);
    const operations = Object.entries(doc.paths as Record<string, object>).flatMap(([p, ops]) =>
      Object.keys(ops).map((m) => `${m.toUpperCase()} ${p}`),
    );
    expect(operations.sort()).toEqual(routes.map((r) => `${r.method} ${r.path}`).sort());
  });

  it('serves a reference page whose script and styles come from the gateway itself', async () => {
    const res = await fetch(`${stack().apiUrl}/docs`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await res.text();
    expect(html).toContain("url: '/openapi.json'");
    const assets = [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]);
    expect(assets.length).toBeGreaterThanOrEqual(3);
    for (const asset of assets) {
      expect(asset.startsWith('/docs/'), asset).toBe(true);
      const file = await fetch(`${stack().apiUrl}${asset}`);
      expect(file.status, asset).toBe(200);
      expect((await file.arrayBuffer()).byteLength, asset).toBeGreaterThan(100);
    }
    expect((await fetch(`${stack().apiUrl}/docs/package.json`)).status).toBe(404);
  });
});
