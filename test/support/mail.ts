/** The local inbox (MailDev's REST API, stack info `mail.apiUrl`) as integration tests read it. */
import { stack } from './api';

export interface InboxEmail {
  id: string;
  subject: string;
  to: { address: string }[];
  html: string;
  text: string;
  headers: Record<string, string>;
  time: string;
}

/**
 * The inbox's messages, or those whose fields match `filter` (MailDev filters `GET /email` by a field, dot paths
 * such as `to.address`, and answers the whole inbox without one).
 */
export async function inbox(filter: Record<string, string> = {}): Promise<InboxEmail[]> {
  const res = await fetch(`${stack().mail.apiUrl}/email?${new URLSearchParams(filter)}`);
  if (!res.ok) throw new Error(`GET /email answered ${res.status}`);
  return res.json() as Promise<InboxEmail[]>;
}

/**
 * Every email to `address` (optionally only those whose subject matches). The inbox is asked for that recipient's
 * messages only: the whole inbox grows with every file, and reading all of it ten times a second while a test waits
 * kept busy the stack's process, which runs the inbox and the notifier that sends the email waited for.
 */
export async function emailsTo(address: string, subject?: RegExp): Promise<InboxEmail[]> {
  const sent = await inbox({ 'to.address': address.toLowerCase() });
  return subject ? sent.filter((e) => subject.test(e.subject)) : sent;
}

/** The raw message (MIME source) with folded header lines unfolded, to read its headers as sent. */
export async function source(id: string): Promise<string> {
  const res = await fetch(`${stack().mail.apiUrl}/email/${id}/source`);
  const body = res.headers.get('content-type')?.includes('json') ? ((await res.json()) as string) : await res.text();
  return body.replace(/\r?\n[ \t]+/g, ' ');
}

/** One header of the raw message. */
export const header = (raw: string, name: string) =>
  new RegExp(`^${name}: (.*)$`, 'im').exec(raw.split(/\r?\n\r?\n/)[0])?.[1]?.trim();

/**
 * Waits until `address` has at least `count` matching emails (the notifier works from the stream, a moment later),
 * then answers what arrived (fewer when the time ran out; `timeoutMs` 0 reads the inbox once). 30 s: on a busy
 * machine the stream, the notifier and SMTP together have taken more than 15.
 */
export async function waitForEmails(
  address: string,
  subject: RegExp | undefined,
  count = 1,
  timeoutMs = 30_000,
): Promise<InboxEmail[]> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const found = await emailsTo(address, subject);
    if (found.length >= count || Date.now() > until) return found;
    await new Promise((r) => setTimeout(r, 100));
  }
}
