/** Handlers take only the ID token: an access token of the same pool and client is refused before any work. */
import { beforeEach, describe, expect, it } from 'vitest';
import { mockClient } from 'aws-sdk-client-mock';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { DocumentClient } from '../../lambdas/data/client';
import { apiEvent, clientCaller, invoke, parse, useTestEnv } from '../support/events';
import { handler as createContactMessage } from '../../lambdas/handlers/createContactMessage';

useTestEnv();
const ddb = mockClient(DocumentClient);
beforeEach(() => ddb.reset());

const refusal = { status: 401, message: 'Send the ID token of the signed-in user' };

describe('token_use', () => {
  it.each(['access', 'refresh', ''])(
    'answers 401 to a token whose token_use is %j and writes nothing',
    async (tokenUse) => {
      const res = await invoke(createContactMessage, { caller: clientCaller({ tokenUse }), body: { message: 'hi' } });
      expect({ status: res.status, message: res.body.message }).toEqual(refusal);
      expect(ddb.calls()).toHaveLength(0);
    },
  );

  it('answers 401 to claims without token_use', async () => {
    const event = apiEvent({ caller: clientCaller(), body: { message: 'hi' } });
    delete event.requestContext.authorizer!.jwt!.claims!.token_use;
    const res = parse(await createContactMessage(event));
    expect({ status: res.status, message: res.body.message }).toEqual(refusal);
    expect(ddb.calls()).toHaveLength(0);
  });

  it('serves the same request with an ID token', async () => {
    ddb.on(PutCommand).resolves({});
    const res = await invoke(createContactMessage, {
      caller: clientCaller({ tokenUse: 'id' }),
      body: { message: 'hi' },
    });
    expect(res.status).toBeLessThan(300);
    expect(ddb.commandCalls(PutCommand)).toHaveLength(1);
  });
});
