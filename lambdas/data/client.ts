/**
 * One DynamoDB document client per Lambda container (created outside the handler, reused warm), with the
 * API's timeouts and retries (lambdas/lib/dependencies.ts); its calls are traced in X-Ray (lambdas/lib/tracing.ts).
 */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, DynamoDBDocumentClientCommand, type TranslateConfig } from '@aws-sdk/lib-dynamodb';
import { config } from '../lib/config';
import { awsClientOptions, withoutIdleLogging } from '../lib/dependencies';
import { traceClient } from '../lib/tracing';

/** What a lib-dynamodb command holds besides its public face: the plain command it wraps and its marshalling steps. */
interface DocumentCommandParts {
  clientCommand: {
    resolveMiddleware(stack: unknown, config: unknown, options: undefined): Chain;
  };
  middlewareStack: unknown;
  addMarshallingMiddleware(config: unknown): void;
}
type Chain = (command: unknown) => Promise<{ output: unknown }>;
const STACK_CHANGES = ['add', 'addRelativeTo', 'remove', 'removeByTag', 'use'] as const;

/**
 * The document client, with each kind of command's middleware chain built once and reused. lib-dynamodb builds the
 * whole chain (the client's steps, the command's own, marshalling) again on every call, since it refuses the plain
 * client's `cacheMiddleware`; under load that was the largest single part of the API's own CPU per request. The chain
 * depends only on the command's class and the client (the marshalling steps read the class's key nodes, the same in
 * every instance; each call passes its own command and input), so here it is built on a kind's first call and kept
 * until the client's steps change: adding or removing one empties the cache, so a step added later (a benchmark's
 * counter, say) runs from the next call. Calls with options or a callback, and commands that are not document
 * commands, take lib-dynamodb's own path. test/integration/documentClient.test.ts holds it to lib-dynamodb's answers.
 */
export class DocumentClient extends DynamoDBDocumentClient {
  private chains = new WeakMap<object, Chain>();

  constructor(client: DynamoDBClient, translateConfig?: TranslateConfig) {
    super(client, translateConfig);
    const stack = this.middlewareStack as unknown as Record<string, (...args: unknown[]) => unknown>;
    for (const change of STACK_CHANGES) {
      const original = stack[change].bind(stack);
      stack[change] = (...args: unknown[]) => {
        this.chains = new WeakMap();
        return original(...args);
      };
    }
  }

  /** The chain kept for this kind of command (built on its first call). */
  chainFor(command: DocumentCommandParts & { constructor: object }): Chain {
    let chain = this.chains.get(command.constructor);
    if (!chain) {
      command.addMarshallingMiddleware(this.config);
      const stack = this.middlewareStack.concat(command.middlewareStack as never);
      chain = command.clientCommand.resolveMiddleware(stack, this.config, undefined);
      this.chains.set(command.constructor, chain);
    }
    return chain;
  }
}

// On the prototype (not an own property), so the unit tests' aws-sdk-client-mock stubs it like any client's send;
// typed as the client's own send, overloads and all.
const documentSend = DynamoDBDocumentClient.prototype.send as (this: DocumentClient, ...args: unknown[]) => unknown;
DocumentClient.prototype.send = function send(this: DocumentClient, command: unknown, ...rest: unknown[]) {
  if (rest.length > 0 || !(command instanceof DynamoDBDocumentClientCommand)) {
    return documentSend.call(this, command, ...rest);
  }
  const parts = command as unknown as DocumentCommandParts & { constructor: object };
  return this.chainFor(parts)(parts.clientCommand).then((result) => result.output);
} as DynamoDBDocumentClient['send'];

let client: DocumentClient | undefined;

export function ddb(): DocumentClient {
  client ??= new DocumentClient(
    traceClient(withoutIdleLogging(new DynamoDBClient({ ...awsClientOptions(), endpoint: config.dynamoEndpoint }))),
    {
      marshallOptions: { removeUndefinedValues: true },
    },
  );
  return client;
}

export const table = () => config.tableName;
