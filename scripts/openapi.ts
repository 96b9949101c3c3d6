/**
 * `npm run openapi [file]`: writes the API's OpenAPI 3.1 document (common/openapi/document.ts) to `file`
 * (default openapi.json at the repository's root). `--server=<url>` names the API's address in it.
 */
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { apiDocument } from '../common/openapi/examples';

const args = process.argv.slice(2);
const server = args.find((a) => a.startsWith('--server='))?.slice('--server='.length);
const file = resolve(args.find((a) => !a.startsWith('--')) ?? 'openapi.json');
const doc = apiDocument({ serverUrl: server });
writeFileSync(file, `${JSON.stringify(doc, null, 2)}\n`);
const operations = Object.values(doc.paths).reduce((n, ops) => n + Object.keys(ops).length, 0);
console.log(
  `Wrote ${file}: OpenAPI ${doc.openapi}, ${operations} operations, ${Object.keys(doc.components.schemas).length} schemas`,
);
