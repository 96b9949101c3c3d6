/**
 * `npm run operator:add -- --stage <stage> --email <email> [--user-pool-id <id>] [--region <region>]`: makes an
 * existing account of a cloud stage one of the marketplace's operators (adds it to the user pool's `operator` group):
 * it sees the figures at /operator and gets their weekly email. Like `npm run moderator:add`, the pool id is the stage
 * stack's `UserPoolId` output unless given; the person signs out and in again to get a token with the group.
 * docs/operator-figures.md, "Who is an operator".
 */
import { parseArgs } from 'node:util';
import { OPERATOR_GROUP } from '../common/operatorFigures';
import { addToGroup, userPoolIdOfStage } from './add-moderator';

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({
    options: {
      stage: { type: 'string' },
      email: { type: 'string' },
      'user-pool-id': { type: 'string' },
      region: { type: 'string' },
    },
  });
  if (!values.email || (!values.stage && !values['user-pool-id'])) {
    console.error(
      'Usage: npm run operator:add -- --stage <stage> --email <email> [--user-pool-id <id>] [--region <region>]',
    );
    process.exit(2);
  }
  try {
    const userPoolId = values['user-pool-id'] ?? userPoolIdOfStage(values.stage!, values.region);
    await addToGroup({ userPoolId, email: values.email, region: values.region }, OPERATOR_GROUP);
    console.log(`${values.email} is now an operator of ${userPoolId}: they sign out and in again to see /operator.`);
  } catch (err) {
    console.error(`Not added: ${err instanceof Error ? `${err.name}: ${err.message}` : String(err)}`);
    process.exit(1);
  }
}
