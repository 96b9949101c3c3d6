/**
 * One output of a deployed stage's stack (`TableName`, `UserPoolId`...: docs/deploy.md "Outputs"), read with the AWS CLI
 * and the caller's credentials (`cloudformation:DescribeStacks`). What the scripts that act on a stage
 * (`npm run moderator:add`, `npm run migrate -- --stage`) take the stage's resources from.
 */
import { spawnSync } from 'node:child_process';
import { stackName } from '../../infra/app';

export function stackOutput(stage: string, key: string, region: string | undefined): string {
  const r = spawnSync(
    'aws',
    [
      'cloudformation',
      'describe-stacks',
      '--stack-name',
      stackName(stage),
      '--query',
      `Stacks[0].Outputs[?OutputKey=='${key}'].OutputValue`,
      '--output',
      'text',
      ...(region ? ['--region', region] : []),
    ],
    { encoding: 'utf8' },
  );
  const value = r.stdout?.trim();
  if (r.error || r.status !== 0 || !value || value === 'None')
    throw new Error(
      `Could not read the ${key} output of ${stackName(stage)} with the AWS CLI: ${r.error?.message ?? (r.stderr.trim() || 'no such output')}`,
    );
  return value;
}
