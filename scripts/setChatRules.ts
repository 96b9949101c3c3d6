/**
 * `npm run chat:rules -- --database-url <url> (--secret-id <arn> | --key-file <file>)`: sets the chat
 * database rules (infra/chat/database.rules.json) on a stage's Realtime Database, as the service
 * account (the key from the stage's secret, read with the AWS CLI and your credentials, or from a key
 * file). docs/deploy.md, "Firebase (chat)".
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { parseServiceAccount } from '../lambdas/chat/serviceAccount';
import { putValue } from '../lambdas/chat/database';

export const CHAT_RULES_PATH = 'infra/chat/database.rules.json';

export async function setChatRules(serviceAccountJson: string, databaseUrl: string, rulesFile = CHAT_RULES_PATH) {
  const rules = JSON.parse(readFileSync(rulesFile, 'utf8'));
  await putValue(parseServiceAccount(serviceAccountJson), '.settings/rules', rules, databaseUrl);
}

function keyFromSecret(secretId: string): string {
  const r = spawnSync(
    'aws',
    ['secretsmanager', 'get-secret-value', '--secret-id', secretId, '--query', 'SecretString', '--output', 'text'],
    { encoding: 'utf8' },
  );
  if (r.error || r.status !== 0)
    throw new Error(`Could not read the secret with the AWS CLI: ${r.error?.message ?? r.stderr.trim()}`);
  return r.stdout.trim();
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({
    options: { 'database-url': { type: 'string' }, 'secret-id': { type: 'string' }, 'key-file': { type: 'string' } },
  });
  const databaseUrl = values['database-url'];
  if (!databaseUrl || (!values['secret-id'] && !values['key-file'])) {
    console.error(
      'Usage: npm run chat:rules -- --database-url <url> (--secret-id <FirebaseSecretArn> | --key-file <service-account.json>)',
    );
    process.exit(2);
  }
  const key = values['key-file'] ? readFileSync(values['key-file'], 'utf8') : keyFromSecret(values['secret-id']!);
  setChatRules(key, databaseUrl).then(
    () => console.log(`Chat rules set on ${databaseUrl}`),
    (err) => {
      console.error(err instanceof Error ? err.message : err);
      process.exit(1);
    },
  );
}
