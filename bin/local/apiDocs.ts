/**
 * The API's description on the local gateway: `GET /openapi.json` (the generated OpenAPI 3.1 document,
 * common/openapi/document.ts, naming the address it was asked at as its server) and `GET /docs`, a reference
 * page rendered by Swagger UI from the swagger-ui-dist package in node_modules (nothing is fetched from the
 * internet: the page, its script and its styles are all served here). In the cloud the document is a static
 * file beside the web app (infra/constructs/webHosting.ts).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { apiDocument } from '../../common/openapi/examples';

export const OPENAPI_PATH = '/openapi.json';
export const DOCS_PATH = '/docs';

/** The files of swagger-ui-dist the page loads, with their content types. */
const ASSETS: Record<string, string> = {
  'swagger-ui-bundle.js': 'application/javascript; charset=utf-8',
  'swagger-ui.css': 'text/css; charset=utf-8',
  'favicon-32x32.png': 'image/png',
  'favicon-16x16.png': 'image/png',
};

const assetDir = () => path.dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));

const page = `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>Interior marketplace API</title>
  <link rel="icon" type="image/png" href="${DOCS_PATH}/favicon-32x32.png">
  <link rel="stylesheet" href="${DOCS_PATH}/swagger-ui.css">
</head>
<body>
  <div id="swagger-ui"></div>
  <script src="${DOCS_PATH}/swagger-ui-bundle.js"></script>
  <script>
    window.ui = SwaggerUIBundle({
      url: '${OPENAPI_PATH}',
      dom_id: '#swagger-ui',
      deepLinking: true,
      persistAuthorization: true,
      // No call to an outside validator: everything the page needs comes from this gateway.
      validatorUrl: null,
    });
  </script>
</body>
</html>
`;

export interface DocsAnswer {
  status: number;
  headers: Record<string, string>;
  body: string | Buffer;
}

const documents = new Map<string, string>();

/** The answer to a GET of the document, the reference page or one of its files; undefined for any other path. */
export function apiDocsAnswer(pathname: string, apiUrl: string): DocsAnswer | undefined {
  if (pathname === OPENAPI_PATH) {
    let json = documents.get(apiUrl);
    if (!json) {
      json = JSON.stringify(apiDocument({ serverUrl: apiUrl }), null, 2);
      documents.set(apiUrl, json);
    }
    return { status: 200, headers: { 'content-type': 'application/json; charset=utf-8' }, body: json };
  }
  if (pathname === DOCS_PATH || pathname === `${DOCS_PATH}/`) {
    return { status: 200, headers: { 'content-type': 'text/html; charset=utf-8' }, body: page };
  }
  const file = pathname.startsWith(`${DOCS_PATH}/`) ? pathname.slice(DOCS_PATH.length + 1) : undefined;
  if (file && Object.hasOwn(ASSETS, file)) {
    return {
      status: 200,
      headers: { 'content-type': ASSETS[file], 'cache-control': 'max-age=3600' },
      body: readFileSync(path.join(assetDir(), file)),
    };
  }
  return undefined;
}
