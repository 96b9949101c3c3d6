/**
 * Filing a report (docs/access-patterns.md, "Moderation"): what the reported item is (read by kind), the
 * one report per user and item, the queue entry's counts. Decisions: lambdas/domain/decisions.ts.
 */
import { randomUUID } from 'node:crypto';
import type { CreatedReport } from '../../common/moderation';
import type { ReportKind, ReportReason } from '../../common/constants';
import { reportedItemLink } from '../../common/moderation';
import type { Caller } from '../../common/types';
import { HttpError, notFound } from '../lib/errors';
import { getPostById } from '../data/posts';
import { getBusinessById, getUserById } from '../data/users';
import { fileReport, getFinishedJobById, getReportedItem } from '../data/moderation';
import { getIdea } from '../data/ideas';
import { maySeeIdea } from './ideas';
import { assertNotOwnItem, maySee, reportEntryId, withReport, type ReportTarget } from './moderation';
import { type StoredReport } from '../model/moderation';

/** The reported item as a report records it; 404 when it does not exist or the caller cannot see it. */
export async function loadReportTarget(
  kind: Exclude<ReportKind, 'chatMessage'>,
  targetId: string,
  caller: Caller,
): Promise<ReportTarget> {
  const missing = () => notFound('Nothing to report: no such item');
  if (kind === 'post') {
    const post = await getPostById(targetId);
    if (!post) throw missing();
    const owner = await getUserById(post.userId);
    if (!owner || !maySee(post, owner.cognitoId, caller)) throw missing();
    return {
      kind,
      targetId,
      excerpt: post.title,
      ownerSub: owner.cognitoId,
      ownerName: owner.username ?? post.clientName,
      link: reportedItemLink.post(post._id),
    };
  }
  if (kind === 'business') {
    const business = await getBusinessById(targetId);
    if (!business || !maySee(business, business.cognitoId, caller)) throw missing();
    return {
      kind,
      targetId,
      excerpt: business.businessName,
      ownerSub: business.cognitoId,
      ownerName: business.businessName,
      link: reportedItemLink.business(business._id),
    };
  }
  if (kind === 'idea') {
    const idea = await getIdea(targetId);
    if (!idea || !(await maySeeIdea(idea, caller))) throw missing();
    return {
      kind,
      targetId,
      excerpt: `${idea.business.businessName}: ${idea.room}${idea.style ? `, ${idea.style}` : ''}, ${idea.town}`,
      ownerSub: idea.businessSub,
      ownerName: idea.business.businessName,
      link: reportedItemLink.idea(idea._id),
    };
  }
  const job = await getFinishedJobById(targetId);
  if (!job) throw missing();
  const [writer, business] = await Promise.all([getUserById(job.userId), getBusinessById(job.businessId)]);
  if (!writer || !business) throw missing();
  // The review's business sees its hidden reviews too; nobody else reports a hidden one.
  if (job.hidden && !caller.moderator && caller.sub !== writer.cognitoId && caller.sub !== business.cognitoId)
    throw missing();
  return {
    kind,
    targetId,
    excerpt: job.review || job.post.title,
    ownerSub: writer.cognitoId,
    ownerName: writer.username ?? job.clientName,
    link: reportedItemLink.business(business._id),
    alsoOwnedBy: [business.cognitoId],
  };
}

/** Two reports of one item at the same moment: the one that lost reads the entry again, a few times. */
const FILE_ATTEMPTS = 4;

/**
 * File the caller's report of `target`: 400 OWN_ITEM for one's own, 409 ALREADY_REPORTED for a second one.
 * The entry joins the open queue at the first report; later ones count in it (a decided entry keeps its
 * decision: see docs/access-patterns.md).
 */
export async function submitReport(
  target: ReportTarget,
  caller: Caller,
  input: { reason: ReportReason; note?: string },
  now = () => new Date().toISOString(),
): Promise<CreatedReport> {
  assertNotOwnItem(target, caller);
  const entryId = reportEntryId(target.kind, target.targetId);
  for (let attempt = 1; ; attempt++) {
    const createdAt = now();
    const report: StoredReport = {
      _id: randomUUID(),
      entryId,
      kind: target.kind,
      targetId: target.targetId,
      reporterSub: caller.sub,
      reason: input.reason,
      ...(input.note ? { note: input.note } : {}),
      createdAt,
    };
    const before = await getReportedItem(entryId, { consistent: true });
    try {
      await fileReport(report, withReport(before, target, report, entryId), before);
      return { _id: report._id, kind: report.kind, targetId: report.targetId, createdAt };
    } catch (err) {
      const raced = err instanceof HttpError && err.code === 'CONCURRENT_CHANGE';
      if (!raced || attempt >= FILE_ATTEMPTS) throw err;
    }
  }
}
