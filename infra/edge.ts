/**
 * The stage's AWS WAF web ACLs. CloudFront only takes web ACLs of scope CLOUDFRONT, and those live in
 * us-east-1, so they are a small stack of their own there (`Marketplace-<stage>-edge`, deployed before
 * the main stack, which depends on it). Each ACL's ARN is published as an SSM parameter in us-east-1
 * and read by the main stack at deploy time (`WebAclArn` below): CDK's own cross-region references
 * would need the main stack's region fixed at synth, and `npm run synth` runs offline without one.
 *
 * Each ACL: a rate-based rule per client IP (the stage's limit, `infra/stages.ts` `waf`), then AWS's
 * managed common rule set and known-bad-inputs rule set. The web ACL also rate-limits the payment provider's
 * webhook on its own (`webhookRequestsPer5MinPerIp`), and leaves the webhook's body out of the managed rule sets:
 * a Paddle event is signed JSON larger than their 8 KB body limit, and only its signature decides (lambdas/payments).
 */
import { Aws, Stack, type StackProps } from 'aws-cdk-lib';
import { StringParameter } from 'aws-cdk-lib/aws-ssm';
import { CfnWebACL } from 'aws-cdk-lib/aws-wafv2';
import { AwsCustomResource, AwsCustomResourcePolicy, PhysicalResourceId } from 'aws-cdk-lib/custom-resources';
import { Construct } from 'constructs';
import type { StageConfig } from './stages';
import { PAYMENT_WEBHOOK_PATH } from '../common/payments';

/** CloudFront's web ACLs must be in this region. */
export const EDGE_REGION = 'us-east-1';

/** The two distributions of a stage, each behind its own ACL. */
export type EdgeAclName = 'web' | 'media';

/** SSM parameter (in us-east-1) holding the ARN of a stage's web ACL. */
export const webAclParameterName = (stage: StageConfig, acl: EdgeAclName) => `/${stage.prefix}/edge/${acl}-acl-arn`;

/** Managed rule groups every ACL runs, in this order after the rate rule. */
export const MANAGED_RULE_GROUPS = ['AWSManagedRulesCommonRuleSet', 'AWSManagedRulesKnownBadInputsRuleSet'] as const;

export interface EdgeStackProps extends StackProps {
  stage: StageConfig;
}

export class EdgeStack extends Stack {
  readonly acls: Record<EdgeAclName, CfnWebACL>;

  constructor(scope: Construct, id: string, props: EdgeStackProps) {
    super(scope, id, { ...props, env: { ...props.env, region: EDGE_REGION } });
    const { stage } = props;
    const limits: Record<EdgeAclName, number> = {
      web: stage.waf.webRequestsPer5MinPerIp,
      media: stage.waf.mediaRequestsPer5MinPerIp,
    };
    this.acls = {
      web: this.webAcl(stage, 'web', limits.web),
      media: this.webAcl(stage, 'media', limits.media),
    };
  }

  private webAcl(stage: StageConfig, acl: EdgeAclName, limit: number): CfnWebACL {
    const metric = (name: string) => ({
      cloudWatchMetricsEnabled: true,
      sampledRequestsEnabled: true,
      metricName: `${stage.prefix}-${acl}-${name}`,
    });
    const webhookPath = {
      byteMatchStatement: {
        fieldToMatch: { uriPath: {} },
        positionalConstraint: 'EXACTLY',
        searchString: PAYMENT_WEBHOOK_PATH,
        textTransformations: [{ priority: 0, type: 'NONE' }],
      },
    };
    const webAcl = new CfnWebACL(this, `${acl}Acl`, {
      name: `${stage.prefix}-${acl}`,
      description: `${acl === 'web' ? 'Web app' : 'Media'} CDN of ${stage.name}`,
      scope: 'CLOUDFRONT',
      defaultAction: { allow: {} },
      visibilityConfig: metric('all'),
      rules: [
        ...(acl === 'web'
          ? [
              {
                name: 'payment-webhook-rate-per-ip',
                priority: 0,
                action: { block: {} },
                statement: {
                  rateBasedStatement: {
                    limit: stage.webhookRequestsPer5MinPerIp,
                    aggregateKeyType: 'IP',
                    evaluationWindowSec: 300,
                    scopeDownStatement: webhookPath,
                  },
                },
                visibilityConfig: metric('payment-webhook-rate-per-ip'),
              },
            ]
          : []),
        {
          name: 'rate-per-ip',
          priority: 1,
          action: { block: {} },
          statement: { rateBasedStatement: { limit, aggregateKeyType: 'IP', evaluationWindowSec: 300 } },
          visibilityConfig: metric('rate-per-ip'),
        },
        ...MANAGED_RULE_GROUPS.map((name, i) => ({
          name,
          priority: i + 2,
          overrideAction: { none: {} },
          statement: {
            managedRuleGroupStatement: {
              vendorName: 'AWS',
              name,
              ...(acl === 'web' ? { scopeDownStatement: { notStatement: { statement: webhookPath } } } : {}),
            },
          },
          visibilityConfig: metric(name),
        })),
      ],
    });
    new StringParameter(this, `${acl}AclArn`, {
      parameterName: webAclParameterName(stage, acl),
      description: `ARN of the ${acl} CDN's web ACL (read by the ${stage.name} stack)`,
      stringValue: webAcl.attrArn,
    });
    return webAcl;
  }
}

/**
 * The ARN of a stage's web ACL, read from its SSM parameter in us-east-1 while the main stack deploys
 * (an SDK call through CDK's AwsCustomResource, run when the main stack is created). An ACL keeps its
 * ARN as long as its name stays the same, and the names are fixed per stage, so one read is enough.
 */
export class WebAclArn extends Construct {
  readonly arn: string;

  constructor(scope: Construct, id: string, stage: StageConfig, acl: EdgeAclName) {
    super(scope, id);
    const name = webAclParameterName(stage, acl);
    const call = {
      service: 'SSM',
      action: 'GetParameter',
      parameters: { Name: name },
      region: EDGE_REGION,
      physicalResourceId: PhysicalResourceId.of(name),
    };
    const reader = new AwsCustomResource(this, 'Read', {
      onCreate: call,
      onUpdate: call,
      policy: AwsCustomResourcePolicy.fromSdkCalls({
        resources: [`arn:${Aws.PARTITION}:ssm:${EDGE_REGION}:${Aws.ACCOUNT_ID}:parameter${name}`],
      }),
      installLatestAwsSdk: false,
    });
    this.arn = reader.getResponseField('Parameter.Value');
  }
}
