/**
 * The console and network watch of every browser test: each browser context the tests open (through
 * `launch()` of ./browser.ts) records console errors, uncaught exceptions, answers of 400 or more and
 * requests that failed, and each test fails on those it did not provoke on purpose (./expectedFaults.ts,
 * the allow-list of deliberate bad input and faults). A request cancelled by navigating away
 * (net::ERR_ABORTED) is how browsers leave a page, not a fault.
 */
import path from 'node:path';
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, afterEach, expect } from 'vitest';
import { EXPECTED_FAULTS } from './expectedFaults';

interface Problem {
  /** `file > describe > test`, or `file > (setup)` outside a test (beforeAll, afterAll). */
  test: string;
  what: string;
}

let problems: Problem[] = [];

function currentTest(): string {
  const { testPath, currentTestName } = expect.getState();
  return `${testPath ? path.basename(testPath) : '?'} > ${currentTestName ?? '(setup)'}`;
}

const record = (what: string) => problems.push({ test: currentTest(), what });

/** Starts recording the problems of every page of `context`. */
export function watchContext(context: BrowserContext): BrowserContext {
  context.on('console', (m) => {
    if (m.type() !== 'error') return;
    const where = m.location()?.url;
    record(`console.error: ${m.text()}${where ? ` (at ${where})` : ''}`);
  });
  context.on('weberror', (e) => record(`uncaught: ${e.error().message}`));
  context.on('response', (r) => {
    if (r.status() >= 400) record(`${r.status()} ${r.request().method()} ${r.url()}`);
  });
  context.on('requestfailed', (r) => {
    const failure = r.failure()?.errorText ?? 'failed';
    if (failure.includes('ERR_ABORTED')) return;
    record(`${failure} ${r.method()} ${r.url()}`);
  });
  return context;
}

/** Makes every context `browser` opens (also through browser.newPage) watched. */
export function watchBrowser(browser: Browser): Browser {
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (options) => watchContext(await newContext(options));
  const newPage = browser.newPage.bind(browser);
  browser.newPage = async (options) => {
    const page = await newPage(options);
    watchContext(page.context());
    return page;
  };
  return browser;
}

const expected = (p: Problem) => EXPECTED_FAULTS.some((f) => f.test.test(p.test) && f.problem.test(p.what));

/** The recorded problems no entry of the allow-list excuses, as lines; clears the record. */
export function unexpectedProblems(): string[] {
  const found = problems.filter((p) => !expected(p)).map((p) => `${p.test}: ${p.what}`);
  problems = [];
  return found;
}

function check() {
  const found = unexpectedProblems();
  if (found.length)
    throw new Error(
      `The browser logged errors or failed requests the test did not provoke on purpose ` +
        `(a deliberate one belongs in test/browser/expectedFaults.ts):\n  ${[...new Set(found)].join('\n  ')}`,
    );
}

// Registered in each test file that imports this module (through ./browser.ts).
afterEach(check);
afterAll(check);
