/** The rule of replies to reviews: the reviewed business only, once, editable for REVIEW_REPLY_EDIT_DAYS. */
import { describe, expect, it } from 'vitest';
import { REVIEW_REPLY_EDIT_DAYS, reviewReplyEditableUntil } from '../../common/constants';
import { reviewReplyBody } from '../../common/schemas/offers';
import { HttpError } from '../../lambdas/lib/errors';
import { replyFor, toFinishedJobDto } from '../../lambdas/domain/reviews';
import { type StoredFinishedJob } from '../../lambdas/model/reviews';

const job: StoredFinishedJob = {
  _id: 'j1',
  postId: 'p1',
  businessId: 'b1',
  offerId: 'o1',
  userId: 'u1',
  rating: 5,
  review: 'Great',
  createdAt: '2026-01-01T00:00:00.000Z',
  post: { title: 'Kitchen', images: [], location: 'Tirana' },
};
const DAY = 24 * 60 * 60 * 1000;
const at = (iso: string, days: number) => new Date(Date.parse(iso) + days * DAY).toISOString();
const refusal = (f: () => unknown) => {
  try {
    f();
  } catch (err) {
    return err instanceof HttpError ? { status: err.status, code: err.code } : err;
  }
  return undefined;
};

describe('replies to reviews', () => {
  it('a first reply is written now; an edit keeps its first time and records the edit', () => {
    const now = '2026-02-01T10:00:00.000Z';
    expect(replyFor(job, 'b1', 'Thanks', now)).toEqual({ reply: { text: 'Thanks', createdAt: now } });
    const previous = { text: 'Thanks', createdAt: now };
    const later = at(now, REVIEW_REPLY_EDIT_DAYS - 0.01);
    expect(replyFor({ ...job, reply: previous }, 'b1', 'Thank you', later)).toEqual({
      reply: { text: 'Thank you', createdAt: now, editedAt: later },
      previous,
    });
  });

  it('locks the reply REVIEW_REPLY_EDIT_DAYS after it was first written, however often it was edited', () => {
    const createdAt = '2026-02-01T10:00:00.000Z';
    const reply = { text: 'Thanks', createdAt, editedAt: at(createdAt, 6) };
    expect(reviewReplyEditableUntil(createdAt)).toBe(at(createdAt, REVIEW_REPLY_EDIT_DAYS));
    expect(refusal(() => replyFor({ ...job, reply }, 'b1', 'Again', at(createdAt, REVIEW_REPLY_EDIT_DAYS)))).toEqual({
      status: 409,
      code: 'REPLY_LOCKED',
    });
  });

  it('refuses another business', () => {
    expect(refusal(() => replyFor(job, 'b2', 'Not mine', '2026-02-01T00:00:00.000Z'))).toEqual({
      status: 403,
      code: 'FORBIDDEN',
    });
  });

  it('answers the reply under the review, and nothing when there is none', () => {
    expect(toFinishedJobDto(job)).not.toHaveProperty('reply');
    const reply = { text: 'Thanks', createdAt: '2026-02-01T00:00:00.000Z' };
    expect(toFinishedJobDto({ ...job, reply })).toMatchObject({ review: 'Great', reply });
  });

  it('the shared schema trims the text and refuses an empty one', () => {
    expect(reviewReplyBody.parse({ text: '  Thanks  ', createdAt: 'x' })).toEqual({ text: 'Thanks' });
    expect(reviewReplyBody.safeParse({ text: '  ' }).success).toBe(false);
  });
});
