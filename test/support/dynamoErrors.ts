/** Errors DynamoDB answers, for unit tests that make the mocked client refuse a write. */
import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';

/** A cancelled TransactWriteItems with one reason code per item ('None' for an item that was fine). */
export function cancelled(...codes: string[]) {
  return new TransactionCanceledException({
    message: `Transaction cancelled, please refer cancellation reasons for specific reasons [${codes.join(', ')}]`,
    $metadata: {},
    CancellationReasons: codes.map((Code) => ({ Code })),
  });
}
