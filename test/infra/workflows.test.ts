/** The GitHub Actions workflows: what runs on a pull request and on main, and how they reach AWS. */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../infra/constructs/api';

const workflow = (name: string) => readFileSync(path.join(REPO_ROOT, '.github/workflows', name), 'utf8');
/** The text of one job (from `  <job>:` to the next job or the end). */
const job = (text: string, name: string) => {
  const body = text.split('\njobs:\n')[1];
  const match = body.match(new RegExp(`(^|\\n)  ${name}:\\n([\\s\\S]*?)(?=\\n  [\\w-]+:\\n|$)`));
  expect(match, name).not.toBeNull();
  return match![2];
};

describe('workflows', () => {
  it('on a pull request: runs .ci/run and diffs dev with the read-only role of the dev-diff environment', () => {
    const ci = workflow('ci.yml');
    expect(ci).toMatch(/on:\n  pull_request:/);
    expect(job(ci, 'test')).toContain('run: .ci/run');
    const diff = job(ci, 'diff-dev');
    expect(diff).toContain('uses: ./.github/workflows/cdk.yml');
    expect(diff).toMatch(/stage: dev\n\s+command: diff\n\s+environment: dev-diff/);
  });

  it('on main: tests, deploys dev, then prod in the prod environment (required reviewers)', () => {
    const deploy = workflow('deploy.yml');
    expect(deploy).toMatch(/push:\n    branches: \[main\]/);
    expect(job(deploy, 'test')).toContain('run: .ci/run');
    const dev = job(deploy, 'dev');
    expect(dev).toContain('needs: test');
    expect(dev).toMatch(/stage: dev\n\s+command: deploy\n\s+environment: dev/);
    const prod = job(deploy, 'prod');
    expect(prod).toContain('needs: dev');
    expect(prod).toMatch(/stage: prod\n\s+command: deploy\n\s+environment: prod/);
  });

  it('reaches AWS only through an OIDC role, never stored keys', () => {
    const cdk = workflow('cdk.yml');
    expect(cdk).toContain('id-token: write');
    expect(cdk).toContain('environment: ${{ inputs.environment }}');
    expect(cdk).toMatch(
      /uses: aws-actions\/configure-aws-credentials@v\d+\n\s+with:\n\s+role-to-assume: \$\{\{ vars\.AWS_ROLE_ARN \}\}/,
    );
    for (const name of ['cdk.yml', 'ci.yml', 'deploy.yml']) {
      expect(workflow(name), name).not.toMatch(
        /aws-access-key-id|aws-secret-access-key|AWS_SECRET_ACCESS_KEY|secrets\./i,
      );
    }
    expect(cdk).toContain('npx cdk deploy "Marketplace-$STAGE"');
    expect(cdk).toContain('npx cdk diff "Marketplace-$STAGE" "Marketplace-$STAGE-edge"');
  });
});
