/**
 * `npm run operator:add -- --stage <stage> --email <email> [--user-pool-id <id>] [--region <region>]`: makes an
 * existing account of a cloud stage one of the marketplace's operators (adds it to the user pool's `operator` group):
 * it sees the figures at /operator and gets their weekly email. Like `npm run moderator:add`, the pool id is the stage
 * stack's `UserPoolId` output unless given; the person signs out and in again to get a token with the group.
 * docs/operator-figures.md, "Who is an operator".
 */
import { OPERATOR_GROUP } from '../common/operatorFigures';
import { addToGroupFromCli } from './add-moderator';

if (import.meta.url === `file://${process.argv[1]}`) {
  await addToGroupFromCli('operator:add', OPERATOR_GROUP, 'an operator', '/operator');
}
