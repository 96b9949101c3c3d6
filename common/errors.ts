/**
 * The catalogue of error codes the API answers with. Every error answer is
 * `{ message, code, errors?: [{ field, message, code }] }`: `message` is an English text for people,
 * `code` is stable, so the web app can show its own (translated) text per code. Shared by the
 * Lambdas (lambdas/lib/errors.ts) and the web app.
 */
import type { PlanLimitDetails } from './plans';
import type { RunOverlap } from './adRuns';

export const ERROR_CODES = [
  // 400: the request itself
  'VALIDATION_FAILED', // some field is invalid (see `errors`)
  'OWN_MESSAGE', // a member reported their own chat message
  'OWN_ITEM', // a user reported their own request, business, or a review they wrote or that is about their business
  'BODY_NOT_JSON',
  'BODY_TOO_LARGE', // 413
  'HEADERS_TOO_LARGE', // 431: the request line and headers exceed the gateway's limit
  'BAD_REQUEST', // the gateway could not parse the request at all
  'FIELD_REQUIRED',
  'FIELD_TOO_LONG', // longer than allowed, in characters or (for values that become keys) in UTF-8 bytes
  'FIELD_TOO_SHORT',
  'NOT_A_NUMBER', // not a JSON number nor a plain decimal string
  'NUMBER_OUT_OF_RANGE',
  'NOT_A_WHOLE_NUMBER',
  'INVALID_TEXT', // control characters, lone surrogates, bidirectional overrides
  'INVALID_VALUE', // wrong type, not one of the allowed values, malformed
  'TOO_MANY_ITEMS',
  'UNKNOWN_CATEGORY',
  'NOT_OWN_UPLOAD', // an image key the caller did not upload
  'IMAGE_REFUSED', // the picture processor refused the upload (not a picture, damaged, animated, too large)
  'INVALID_CURSOR',
  'INVALID_IDEMPOTENCY_KEY', // the Idempotency-Key header is not 1-100 letters, digits, - or _
  'INVALID_NIPT', // not an Albanian tax id: a letter, 8 digits, a letter
  'INVALID_DATE', // not a day as YYYY-MM-DD, or a day outside the allowed range (an offer's start or validity)
  'ITEMS_TOTAL_MISMATCH', // an offer's line items do not add up to its price
  'WRONG_PASSWORD', // deleting the account: the password is not the account's
  'WEBHOOK_MALFORMED', // a correctly signed webhook whose body is not an event (the payment provider's)
  'SERVICE_NOT_OFFERED', // a Sponsored run for a service (category) the business does not offer
  // 401 / 402 / 403 / 404
  'UNAUTHORIZED',
  'WEBHOOK_SIGNATURE_INVALID', // 401: a webhook without a valid signature made within 5 minutes
  'PAYMENT_REFUSED',
  'CHAT_BLOCKED', // the other member of the chat room blocked the caller
  'FORBIDDEN', // the record is someone else's
  'WRONG_ROLE', // the route is for the other account type
  'NOT_MODERATOR', // the route is for moderators (the pool's moderator group)
  'NOT_OPERATOR', // the route is for the marketplace's operators (the pool's operator group)
  'ACCOUNT_SUSPENDED', // a moderator suspended the caller's account: every call is refused
  'ACCOUNT_CLOSED', // the caller deleted their account: only its deletion status and cancelling it are answered
  'SIGN_IN_AGAIN', // cancelling a deletion needs a sign-in made after the account was closed
  'PROFILE_REQUIRED', // the caller has no client / business profile yet
  'NOT_FOUND',
  'ACCOUNT_DELETED', // 410: the profile's owner deleted their account
  'TOO_MANY_ATTEMPTS', // 429: too many wrong passwords lately: the sign-in service locks the check a while
  // 409: the state of the records does not allow it
  'ALREADY_EXISTS',
  'CONCURRENT_CHANGE', // another request changed the record at the same time: reload and retry
  'POST_NOT_OPEN',
  'ALREADY_OFFERED',
  'OFFER_ALREADY_ACCEPTED', // another offer of the post is accepted
  'OFFER_STATUS_CONFLICT', // the offer's status does not allow the change
  'OFFER_FINISHED',
  'POST_HAS_ACCEPTED_OFFER',
  'POST_NOT_CLOSED', // only a closed or expired request can be reopened
  'ALREADY_REOPENED', // a request is reopened once
  'POST_ALREADY_REVIEWED',
  'NOT_REVIEWABLE',
  'REPLY_LOCKED', // a reply to a review can no longer be edited (REVIEW_REPLY_EDIT_DAYS after it was written)
  'ALREADY_ON_PLAN',
  'PLAN_LIMIT', // a limit of the business's plan is reached (offers this month, portfolio pictures): see `limit`
  'BOARD_LIMIT', // a client's boards (MAX_BOARDS) or a board's ideas (MAX_BOARD_IDEAS) are at their most
  'NO_SUBSCRIPTION', // the business has no paid subscription to manage (its card, a cancellation)
  'SUBSCRIPTION_PAST_DUE', // a renewal failed: the card must be updated before the plan is changed
  'PAYMENT_DECLINED', // the provider could not charge the card on file for a change (declined, or no card): nothing changed
  'IMAGE_PROCESSING', // a picture is still being processed: save again in a moment
  'ALREADY_REPORTED', // the caller reported this item (request, business, review, chat message) already
  'ALREADY_DECIDED', // a moderator already decided on this reported item or verification request
  'IDEMPOTENCY_KEY_REUSED', // the Idempotency-Key was already used for a different request (409)
  'REQUEST_IN_PROGRESS', // the same Idempotency-Key is still being processed: retry shortly (409)
  'VERIFICATION_PENDING', // the business's verification request still waits for a moderator
  'ALREADY_VERIFIED', // the business is verified already
  'OFFER_EXPIRED', // the offer's validity is over: it can no longer be accepted or countered (the business may revise it)
  'PROPOSAL_OPEN', // a counter-offer already waits for the business's answer (one open proposal at a time)
  'NO_OPEN_PROPOSAL', // there is no counter-offer to answer
  'NEGOTIATION_TOO_LONG', // the offer's history is full (NEGOTIATION_STEPS_MAX): accept, decline or talk in the chat
  'EXPORT_TOO_SOON', // one data export a day: the message and GET /account/export say when the next may be asked
  'NOT_CLOSING', // the account is not waiting for its deletion (nothing to cancel)
  'PAYMENT_NOT_REFUNDABLE', // only a completed payment made through the provider can be refunded (and not twice wholly)
  'REFUND_TOO_LARGE', // the amount is more than what is left to refund
  'REFUND_IN_PROGRESS', // a refund of the payment is already waiting for the provider
  'REFUND_REFUSED', // the payment provider refused the refund
  'INCLUDED_RUN_UNAVAILABLE', // the business's plan includes no Sponsored run this month, or it was used
  'AD_RUN_OVERLAP', // the run would overlap one of the business's own for the same service and towns: see `overlap`
  'AD_RUN_NOT_ACTIVE', // only a run that is paid and not over (scheduled or live) can be cancelled or stopped
  'AD_RUN_STOPPING', // the run is being cancelled or stopped already
  'CONFLICT',
  // 5xx
  'SERVICE_UNAVAILABLE',
  'CHAT_NOT_CONFIGURED',
  'INTERNAL_ERROR',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

export interface FieldErrorBody {
  field: string;
  message: string;
  code: ErrorCode;
}

/** The body of every error answer. */
export interface ApiErrorBody {
  message: string;
  code: ErrorCode;
  errors?: FieldErrorBody[];
  /** 409 PLAN_LIMIT: the limit reached, when it resets and the plan that lifts it (common/plans.ts). */
  limit?: PlanLimitDetails;
  /** 409 AD_RUN_OVERLAP: the business's runs the new one overlaps and what it would add (common/adRuns.ts). */
  overlap?: RunOverlap;
}

/** The code an answer of this status carries when nothing more precise applies. */
export function defaultErrorCode(status: number): ErrorCode {
  switch (status) {
    case 400:
      return 'VALIDATION_FAILED';
    case 401:
      return 'UNAUTHORIZED';
    case 402:
      return 'PAYMENT_REFUSED';
    case 403:
      return 'FORBIDDEN';
    case 404:
      return 'NOT_FOUND';
    case 409:
      return 'CONFLICT';
    case 410:
      return 'ACCOUNT_DELETED';
    case 429:
      return 'TOO_MANY_ATTEMPTS';
    case 413:
      return 'BODY_TOO_LARGE';
    case 503:
      return 'SERVICE_UNAVAILABLE';
    default:
      return status >= 500 ? 'INTERNAL_ERROR' : 'VALIDATION_FAILED';
  }
}
