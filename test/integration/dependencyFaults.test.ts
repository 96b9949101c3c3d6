/**
 * Faults of what the API depends on, against a real DynamoDB Local: paused (SIGSTOP, as a hung network
 * would be), every call answers 503 JSON with a code and Retry-After within the time limit; resumed,
 * everything works again and nothing written before is lost; killed, calls answer 503 at once and the
 * supervisor restarts it with its data; killed again and again, the supervisor gives up with one message
 * (`npm start` then stops, bin/local.ts).
 *
 * This file starts its own stack (own ports, own data folder) so pausing its database disturbs no other
 * test file; its time limit is shortened to 3 s through the stack's configuration (the same code path
 * as the 10 s Lambda timeout) to keep the test short.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AdminConfirmSignUpCommand,
  CognitoIdentityProviderClient,
  InitiateAuthCommand,
  SignUpCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { randomPorts, startLocalStack, type StackInfo } from '../../bin/local/stack';
import type { EmulatorEvent } from '../../bin/local/emulators';

const TIME_LIMIT_MS = 3000;
/** Scheduling slack on a shared, busy machine. */
const SLACK_MS = 1500;

let stack: Awaited<ReturnType<typeof startLocalStack>>;
let info: StackInfo;
let dataDir: string;
const events: EmulatorEvent[] = [];
let token: string;
let userId: string;
const written: string[] = [];

interface Answer {
  status: number;
  body: any;
  retryAfter: string | null;
  ms: number;
}

async function call(method: string, pathname: string, body?: unknown): Promise<Answer> {
  const started = Date.now();
  const res = await fetch(info.apiUrl + pathname, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
    signal: AbortSignal.timeout(30_000),
  });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    /* keep the text */
  }
  return { status: res.status, body: parsed, retryAfter: res.headers.get('retry-after'), ms: Date.now() - started };
}

const newPost = (title: string) =>
  call('POST', '/post', {
    userId,
    title,
    location: 'Durrës',
    budget: 900,
    category: [],
    content: 'Paint two rooms',
    images: [],
  });

/** Reads and writes a user makes, all at once. */
const someCalls = () =>
  Promise.all([
    call('GET', '/post/available'),
    call('GET', `/post/${written[0]}`),
    call('GET', `/user/${userId}`),
    call('GET', '/category/all'),
    newPost('Written while the database is down'),
  ]);

function expectTimely503s(answers: Answer[], within: number) {
  for (const a of answers) {
    expect(a.status, JSON.stringify(a.body)).toBe(503);
    expect(a.body).toEqual({ message: expect.any(String), code: 'SERVICE_UNAVAILABLE' });
    expect(Number(a.retryAfter)).toBeGreaterThan(0);
    expect(a.ms).toBeLessThan(within);
  }
}

async function until(what: string, ok: () => Promise<boolean>, ms: number, everyMs = 250) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await ok().catch(() => false)) return;
    await new Promise((r) => setTimeout(r, everyMs));
  }
  throw new Error(`${what}: not within ${ms} ms`);
}

/** Whether every thread of a process is stopped (Linux: each task's state in /proc is 'T'); a thread gone counts. */
function everyThreadStopped(pid: number): boolean {
  return readdirSync(`/proc/${pid}/task`).every((task) => {
    try {
      const stat = readFileSync(`/proc/${pid}/task/${task}/stat`, 'utf8');
      const state = stat[stat.lastIndexOf(')') + 2];
      return state === 'T' || state === 't';
    } catch {
      return true;
    }
  });
}

/**
 * Pauses a process as a hung host would be, and returns once it is paused. SIGSTOP stops a process's threads only when
 * the thread it was delivered to next runs; on a busy machine the JVM's other threads went on answering for a few
 * milliseconds after kill() returned (a third of 300 tries with the CPUs full), so the calls meant for a hung database
 * were answered. Where /proc is missing (macOS) the pause is not waited for.
 */
async function pauseProcess(pid: number) {
  process.kill(pid, 'SIGSTOP');
  if (!existsSync(`/proc/${pid}/task`)) return;
  await until('every thread of the JVM is stopped', async () => everyThreadStopped(pid), 5000, 5);
}

async function expectEverythingWritten(ids = written) {
  for (const id of ids) {
    const res = await call('GET', `/post/${id}`);
    expect(res.status, `post ${written.indexOf(id)} of ${written.length} (${id})`).toBe(200);
  }
}

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'marketplace-faults-'));
  stack = await startLocalStack({
    dataDir,
    ports: await randomPorts(),
    web: false,
    seed: false,
    timeLimitMs: TIME_LIMIT_MS,
    onEmulatorEvent: (e) => events.push(e),
  });
  info = stack.info;
  const pool = new CognitoIdentityProviderClient({
    endpoint: info.authEndpoint,
    region: info.region,
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  const email = `faults-${Date.now()}@test.al`;
  const password = 'Test#Pass2026';
  await pool.send(
    new SignUpCommand({
      ClientId: info.userPoolClientId,
      Username: email,
      Password: password,
      UserAttributes: [
        { Name: 'email', Value: email },
        { Name: 'nickname', Value: 'client' },
      ],
    }),
  );
  await pool.send(new AdminConfirmSignUpCommand({ UserPoolId: info.userPoolId, Username: email }));
  const auth = await pool.send(
    new InitiateAuthCommand({
      ClientId: info.userPoolClientId,
      AuthFlow: 'USER_PASSWORD_AUTH',
      AuthParameters: { USERNAME: email, PASSWORD: password },
    }),
  );
  token = auth.AuthenticationResult!.IdToken!;
  const sub = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()).sub;
  const user = await call('POST', '/user', { email, cognitoId: sub, username: 'Fault Tester' });
  expect(user.status, JSON.stringify(user.body)).toBe(201);
  userId = user.body._id;
  for (let i = 0; i < 5; i++) {
    const post = await newPost(`Written before the fault ${i}`);
    expect(post.status, JSON.stringify(post.body)).toBe(201);
    written.push(post.body._id);
  }
}, 120_000);

afterAll(async () => {
  const pid = stack?.dynamo.pid();
  if (pid)
    try {
      process.kill(pid, 'SIGCONT');
    } catch {
      /* already gone */
    }
  await stack?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe('DynamoDB Local paused, then resumed', () => {
  it('answers every call 503 with a code and Retry-After within the time limit, then recovers with nothing lost', async () => {
    const pid = stack.dynamo.pid()!;
    try {
      await pauseProcess(pid);
      expectTimely503s(await someCalls(), TIME_LIMIT_MS + SLACK_MS);
      // Still paused: the next calls are as timely (no queue builds up behind the hung ones).
      expectTimely503s(await someCalls(), TIME_LIMIT_MS + SLACK_MS);
    } finally {
      process.kill(pid, 'SIGCONT');
    }
    await until('the API answers again', async () => (await call('GET', '/post/available')).status === 200, 15_000);
    await expectEverythingWritten();
    const after = await newPost('Written after the fault');
    expect(after.status).toBe(201);
    written.push(after.body._id);
  }, 60_000);
});

describe('DynamoDB Local killed', () => {
  it('answers 503 at once, and the supervisor restarts it with its data', async () => {
    const before = stack.dynamo.pid()!;
    process.kill(before, 'SIGKILL');
    await until(
      'the JVM is gone',
      async () => {
        try {
          process.kill(before, 0);
          return false;
        } catch {
          return true;
        }
      },
      5000,
    );
    expectTimely503s(await someCalls(), 1500);
    await until('the supervisor restarted it', async () => events.some((e) => e.kind === 'restarted'), 45_000);
    expect(events.map((e) => e.kind)).toEqual(['restarting', 'restarted']);
    expect(stack.dynamo.pid()).not.toBe(before);
    await until('the API answers again', async () => (await call('GET', '/post/available')).status === 200, 15_000);
    // DynamoDB Local saves a write to its file a moment after answering it, so a SIGKILL can lose the
    // last moment's writes (the emulator's durability, not the API's): the posts written well before are checked.
    await expectEverythingWritten(written.slice(0, 5));
  }, 90_000);
});

describe('DynamoDB Local dying again and again', () => {
  const kill = async () => {
    const pid = stack.dynamo.pid()!;
    process.kill(pid, 'SIGKILL');
    await until(
      'the JVM is gone',
      async () => {
        try {
          process.kill(pid, 0);
          return false;
        } catch {
          return true;
        }
      },
      5000,
    );
  };

  it('is restarted up to 3 times a minute, then the supervisor gives up with one message and calls still answer 503', async () => {
    // The previous test's death is the first of this minute: two more restarts, then the fourth death.
    for (let restarts = 2; restarts <= 3; restarts++) {
      await kill();
      await until(
        `restart ${restarts}`,
        async () => events.filter((e) => e.kind === 'restarted').length === restarts,
        45_000,
      );
    }
    await kill();
    await until('the supervisor gives up', async () => events.some((e) => e.kind === 'failed'), 5000);
    const failed = events.filter((e) => e.kind === 'failed');
    expect(failed).toHaveLength(1);
    expect(failed[0].message).toMatch(/DynamoDB Local .*not restarting it again/);
    expectTimely503s(await someCalls(), 1500);
  }, 120_000);
});
