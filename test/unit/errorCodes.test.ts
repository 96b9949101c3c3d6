/** Every error answer carries a stable code (common/errors.ts) beside its message, and so does every field error. */
import { beforeEach, describe, expect, it } from 'vitest';
import { mockClient } from 'aws-sdk-client-mock';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { DocumentClient } from '../../lambdas/data/client';
import { ERROR_CODES } from '../../common/errors';
import { businessCaller, clientCaller, invoke, useTestEnv } from '../support/events';
import { handler as createContactMessage } from '../../lambdas/handlers/createContactMessage';
import { handler as createOffer } from '../../lambdas/handlers/createOffer';
import { handler as getUser } from '../../lambdas/handlers/getUser';

useTestEnv();
const ddb = mockClient(DocumentClient);
beforeEach(() => ddb.reset());

describe('error codes', () => {
  it('the catalogue lists each code once', () => {
    expect(ERROR_CODES.filter((code, i) => ERROR_CODES.indexOf(code) !== i)).toEqual([]);
  });

  it('a missing field is FIELD_REQUIRED, a long one FIELD_TOO_LONG', async () => {
    const missing = await invoke(createContactMessage, { caller: clientCaller(), body: {} });
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({
      code: 'FIELD_REQUIRED',
      errors: [{ field: 'message', code: 'FIELD_REQUIRED' }],
    });
    const long = await invoke(createContactMessage, { caller: clientCaller(), body: { message: 'x'.repeat(5001) } });
    expect(long.body).toMatchObject({ code: 'FIELD_TOO_LONG', errors: [{ field: 'message', code: 'FIELD_TOO_LONG' }] });
  });

  it('several invalid fields answer VALIDATION_FAILED with one code per field', async () => {
    const res = await invoke(createOffer, {
      caller: businessCaller(),
      body: { postId: 'p', businessId: 'b', price: 'abc' },
    });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('VALIDATION_FAILED');
    const byField = Object.fromEntries(res.body.errors.map((e: { field: string; code: string }) => [e.field, e.code]));
    expect(byField).toEqual({ price: 'NOT_A_NUMBER', message: 'FIELD_REQUIRED' });
  });

  it('the wrong role is WRONG_ROLE, an unknown record NOT_FOUND, a body that is not JSON BODY_NOT_JSON', async () => {
    const wrongRole = await invoke(createOffer, { caller: clientCaller(), body: {} });
    expect([wrongRole.status, wrongRole.body.code]).toEqual([403, 'WRONG_ROLE']);
    ddb.on(GetCommand).resolves({});
    const missing = await invoke(getUser, { caller: clientCaller(), pathParameters: { id: 'nobody' } });
    expect([missing.status, missing.body.code]).toEqual([404, 'NOT_FOUND']);
    const notJson = await invoke(createContactMessage, { caller: clientCaller(), body: '{nope' });
    expect([notJson.status, notJson.body.code]).toEqual([400, 'BODY_NOT_JSON']);
  });

  it('an unexpected failure is a 500 with INTERNAL_ERROR', async () => {
    ddb.on(GetCommand).rejects(new Error('boom'));
    const res = await invoke(getUser, { caller: clientCaller(), pathParameters: { id: 'x' } });
    expect(res).toMatchObject({ status: 500, body: { message: 'Internal server error', code: 'INTERNAL_ERROR' } });
    expect(ERROR_CODES).toContain(res.body.code);
  });
});
