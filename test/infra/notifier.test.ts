/**
 * Notifications in the cloud (infra/constructs/notifier.ts): the table's stream feeds the
 * notifier with batches, bisection, retries, an on-failure queue and partial batch responses; SES with
 * the stage's identity and a configuration set that suppresses bounced and complaining addresses;
 * Cognito sends through SES; the digest and the operators' weekly email run on schedules; alarms watch failures;
 * each role reaches only what the code uses.
 */
import { Template } from 'aws-cdk-lib/assertions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { synthStage, type Synthesized } from './support/synth';

let dev: Synthesized;
let main: Record<string, any>;
let nested: Record<string, any>;
const ofType = (res: Record<string, any>, type: string) => Object.entries(res).filter(([, r]) => r.Type === type);
const dump = (v: unknown) => JSON.stringify(v);

beforeAll(() => {
  dev = synthStage('dev', { bundle: false, context: { mailDomain: 'mail.interio.al' } });
  main = dev.template.toJSON().Resources;
  nested = Template.fromStack(dev.stack.notifier).toJSON().Resources;
});
afterAll(() => dev?.cleanup());

describe('notifier', () => {
  it('the table streams new and old images', () => {
    const [[, table]] = ofType(main, 'AWS::DynamoDB::GlobalTable');
    expect(table.Properties.StreamSpecification).toEqual({ StreamViewType: 'NEW_AND_OLD_IMAGES' });
  });

  it('the stream feeds the notifier in batches with bisection, retries, an on-failure queue and partial batch responses', () => {
    const [[, mapping]] = ofType(nested, 'AWS::Lambda::EventSourceMapping');
    expect(mapping.Properties).toMatchObject({
      BatchSize: 100,
      BisectBatchOnFunctionError: true,
      MaximumRetryAttempts: 10,
      MaximumRecordAgeInSeconds: 86400,
      StartingPosition: 'TRIM_HORIZON',
      FunctionResponseTypes: ['ReportBatchItemFailures'],
    });
    const queueId = dump(mapping.Properties.DestinationConfig.OnFailure.Destination).match(/"(Failures\w+)"/)![1];
    expect(nested[queueId].Type).toBe('AWS::SQS::Queue');
    const fn = nested[mapping.Properties.FunctionName.Ref];
    expect(fn.Properties.FunctionName).toBe('marketplace-dev-notifier');
    expect(fn.Properties.Environment.Variables).toMatchObject({
      MAIL_TRANSPORT: 'ses',
      MAIL_FROM: 'Interio <no-reply@mail.interio.al>',
    });
  });

  it('sends through SES from the stage identity with a configuration set that suppresses bounces and complaints', () => {
    const [[, identity]] = ofType(nested, 'AWS::SES::EmailIdentity');
    expect(identity.Properties.EmailIdentity).toBe('mail.interio.al');
    const [[, set]] = ofType(nested, 'AWS::SES::ConfigurationSet');
    expect(set.Properties.SuppressionOptions.SuppressedReasons.sort()).toEqual(['BOUNCE', 'COMPLAINT']);
    expect(set.Properties.Name).toBe('marketplace-dev-mail');
  });

  it('Cognito sends its codes through SES from the stage sender', () => {
    const [[, pool]] = ofType(main, 'AWS::Cognito::UserPool');
    expect(pool.Properties.EmailConfiguration).toMatchObject({
      EmailSendingAccount: 'DEVELOPER',
      From: 'Interio <no-reply@mail.interio.al>',
    });
    expect(dump(pool.Properties.EmailConfiguration.SourceArn)).toContain('identity/mail.interio.al');
  });

  it('checks unread chat messages through a delayed queue whose failed messages end in the failures queue', () => {
    const queues = ofType(nested, 'AWS::SQS::Queue');
    const [reminderId, reminders] = queues.find(
      ([, q]) => q.Properties.QueueName === 'marketplace-dev-chat-reminders',
    )!;
    expect(reminders.Properties.RedrivePolicy.maxReceiveCount).toBe(5);
    const mappings = ofType(nested, 'AWS::Lambda::EventSourceMapping').filter(([, m]) =>
      dump(m.Properties.EventSourceArn).includes(reminderId),
    );
    expect(mappings).toHaveLength(1);
    expect(mappings[0][1].Properties.FunctionResponseTypes).toEqual(['ReportBatchItemFailures']);
    const [, notifier] = ofType(nested, 'AWS::Lambda::Function').find(
      ([, f]) => f.Properties.FunctionName === 'marketplace-dev-notifier',
    )!;
    expect(dump(notifier.Properties.Environment.Variables.CHAT_REMINDER_QUEUE_URL)).toContain(reminderId);
  });

  it('runs the lead digest every morning', () => {
    const [, rule] = ofType(nested, 'AWS::Events::Rule').find(([id]) => id.startsWith('DailyDigest'))!;
    expect(rule.Properties.ScheduleExpression).toBe('cron(0 6 * * ? *)');
    expect(rule.Properties.Targets[0].RetryPolicy.MaximumRetryAttempts).toBe(2);
  });

  it("sends the operators' weekly email every Monday morning; its role reads the figures and lists the operator group, nothing more", () => {
    const [, rule] = ofType(nested, 'AWS::Events::Rule').find(([id]) => id.startsWith('WeeklyOperatorReport'))!;
    expect(rule.Properties.ScheduleExpression).toBe('cron(30 6 ? * MON *)');
    expect(rule.Properties.Targets[0].RetryPolicy.MaximumRetryAttempts).toBe(2);
    const [fnId, fn] = ofType(nested, 'AWS::Lambda::Function').find(
      ([, f]) => f.Properties.FunctionName === 'marketplace-dev-operator-report',
    )!;
    expect(dump(rule.Properties.Targets[0].Arn)).toContain(fnId);
    expect(fn.Properties.Environment.Variables.USER_POOL_ID).toBeDefined();
    const roleId = fn.Properties.Role['Fn::GetAtt'][0];
    const statements = ofType(nested, 'AWS::IAM::Policy')
      .filter(([, p]) => dump(p.Properties.Roles) === dump([{ Ref: roleId }]))
      .flatMap(([, p]) => p.Properties.PolicyDocument.Statement as any[]);
    const actions = statements.flatMap((s) => [s.Action].flat()).sort();
    expect(actions.filter((a: string) => !/^(logs|xray|ses):/.test(a))).toEqual([
      'cognito-idp:ListUsersInGroup',
      'dynamodb:DeleteItem',
      'dynamodb:GetItem',
      'dynamodb:PutItem',
      'dynamodb:Query',
      'dynamodb:Query',
    ]);
    const cognito = statements.find((s) => s.Action === 'cognito-idp:ListUsersInGroup');
    expect(dump(cognito.Resource)).toMatch(/UserPool/);
  });

  it('alarms on notifier errors, records given up on, a digest failure and a notifier falling behind', () => {
    const names = ofType(nested, 'AWS::CloudWatch::Alarm')
      .map(([, a]) => a.Properties.AlarmName)
      .sort();
    expect(names).toEqual([
      'marketplace-dev-lead-digest-errors',
      'marketplace-dev-notifier-errors',
      'marketplace-dev-notifier-failures',
      'marketplace-dev-notifier-iterator-age',
      'marketplace-dev-operator-report-errors',
    ]);
    for (const [, a] of ofType(nested, 'AWS::CloudWatch::Alarm')) expect(a.Properties.AlarmActions).toHaveLength(1);
  });

  it('each role reaches only the table, the unsubscribe and VAPID keys, SES sending of the stage identity and the operator group', () => {
    const actions = ofType(nested, 'AWS::IAM::Policy').flatMap(([, p]) =>
      p.Properties.PolicyDocument.Statement.flatMap((s: any) => [s.Action].flat()),
    );
    const allowed =
      /^(dynamodb:(GetItem|Query|PutItem|UpdateItem|BatchWriteItem|DeleteItem)|cognito-idp:ListUsersInGroup|secretsmanager:GetSecretValue|ses:SendEmail|logs:(CreateLogStream|PutLogEvents)|xray:(PutTraceSegments|PutTelemetryRecords)|sqs:(SendMessage|GetQueueAttributes|GetQueueUrl|ReceiveMessage|ChangeMessageVisibility|DeleteMessage)|dynamodb:(DescribeStream|GetRecords|GetShardIterator|ListStreams))$/;
    expect(actions.filter((a: string) => !allowed.test(a))).toEqual([]);
    expect(actions).not.toContain('dynamodb:Scan');
    // Only the two that push delete a push subscription its push service calls gone; the operators' email takes back
    // its own sent mark when a send failed.
    const deleters = ofType(nested, 'AWS::IAM::Policy')
      .filter(([, p]) => dump(p.Properties.PolicyDocument).includes('dynamodb:DeleteItem'))
      .map(([, p]) => dump(p.Properties.Roles).match(/"(notifier|chatreminder|operatorreport)Role/)?.[1])
      .sort();
    expect(deleters).toEqual(['chatreminder', 'notifier', 'operatorreport']);
  });

  it('the notifier reads the stage VAPID secret of Web Push (named in its environment, granted on its role only)', () => {
    const secrets = ofType(main, 'AWS::SecretsManager::Secret').filter(([, s]) =>
      dump(s.Properties.Name).includes('web-push-vapid-keys'),
    );
    expect(secrets).toHaveLength(1);
    const [[, secret]] = secrets;
    expect(secret.Properties.Name).toBe('marketplace-dev/web-push-vapid-keys');
    // No key in the template: the custom resource below puts the pair (or one is put by hand: docs/deploy.md).
    expect(secret.Properties.SecretString).toBe('{}');
    const [, notifier] = ofType(nested, 'AWS::Lambda::Function').find(
      ([, f]) => f.Properties.FunctionName === 'marketplace-dev-notifier',
    )!;
    expect(notifier.Properties.Environment.Variables.VAPID_SECRET_ARN).toBeDefined();
    const readers = ofType(nested, 'AWS::IAM::Policy').filter(([, p]) =>
      dump(p.Properties.PolicyDocument).includes(
        dump(notifier.Properties.Environment.Variables.VAPID_SECRET_ARN).slice(1, -1),
      ),
    );
    expect(readers.length).toBeGreaterThanOrEqual(1);
  });

  it('gives the VAPID secret a key pair while deploying: a custom resource whose functions reach only that secret', () => {
    const [[secretId]] = ofType(main, 'AWS::SecretsManager::Secret').filter(([, s]) =>
      dump(s.Properties.Name).includes('web-push-vapid-keys'),
    );
    const resources = ofType(main, 'Custom::VapidKeyPair');
    expect(resources).toHaveLength(1);
    const [[, resource]] = resources;
    expect(resource.Properties).toMatchObject({
      SecretId: { Ref: secretId },
      Subject: 'mailto:no-reply@mail.interio.al',
    });
    // The provider framework's function calls ours (lambdas/notify/vapidKeyPair.ts).
    const framework = main[resource.Properties.ServiceToken['Fn::GetAtt'][0]];
    expect(framework.Type).toBe('AWS::Lambda::Function');
    const fnId = framework.Properties.Environment.Variables.USER_ON_EVENT_FUNCTION_ARN['Fn::GetAtt'][0];
    const fn = main[fnId];
    expect(fn.Properties.FunctionName).toBe('marketplace-dev-vapid-key-pair');

    const policiesOf = (roleId: string) =>
      ofType(main, 'AWS::IAM::Policy').filter(([, p]) => dump(p.Properties.Roles) === dump([{ Ref: roleId }]));
    const statementsOf = (roleId: string) =>
      policiesOf(roleId).flatMap(([, p]) => p.Properties.PolicyDocument.Statement as any[]);
    const logGroupOf = (f: any) => ({ 'Fn::GetAtt': [f.Properties.LoggingConfig.LogGroup.Ref, 'Arn'] });

    // Ours: its own logs, X-Ray, and read + put on that one secret; nothing else, no managed policy.
    const roleId = fn.Properties.Role['Fn::GetAtt'][0];
    expect(main[roleId].Properties.ManagedPolicyArns).toBeUndefined();
    const statements = statementsOf(roleId);
    expect(statements.filter((st) => [st.Action].flat().some((a: string) => a.startsWith('secretsmanager:')))).toEqual([
      {
        Action: ['secretsmanager:GetSecretValue', 'secretsmanager:PutSecretValue'],
        Effect: 'Allow',
        Resource: { Ref: secretId },
      },
    ]);
    for (const st of statements) {
      const actions = [st.Action].flat() as string[];
      if (actions.every((a) => a.startsWith('secretsmanager:'))) continue;
      if (actions.every((a) => a.startsWith('xray:'))) expect(st.Resource).toBe('*');
      else {
        expect(actions.sort()).toEqual(['logs:CreateLogStream', 'logs:PutLogEvents']);
        expect(st.Resource).toEqual(logGroupOf(fn));
      }
    }

    // The framework's: its own logs and invoking ours, nothing else.
    const frameworkRoleId = framework.Properties.Role['Fn::GetAtt'][0];
    expect(main[frameworkRoleId].Properties.ManagedPolicyArns).toBeUndefined();
    const fnArn = { 'Fn::GetAtt': [fnId, 'Arn'] };
    for (const st of statementsOf(frameworkRoleId)) {
      const actions = [st.Action].flat() as string[];
      if (actions[0].startsWith('logs:')) expect(st.Resource).toEqual(logGroupOf(framework));
      else {
        expect(actions.every((a) => a === 'lambda:InvokeFunction' || a === 'lambda:GetFunction')).toBe(true);
        for (const r of [st.Resource].flat())
          expect([dump(fnArn), dump({ 'Fn::Join': ['', [fnArn, ':*']] })]).toContain(dump(r));
      }
    }

    // No other role of the stage may write the secret.
    const writers = [...ofType(main, 'AWS::IAM::Policy'), ...ofType(nested, 'AWS::IAM::Policy')].filter(([, p]) =>
      dump(p.Properties.PolicyDocument).includes('secretsmanager:PutSecretValue'),
    );
    expect(writers.map(([id]) => id)).toEqual(policiesOf(roleId).map(([id]) => id));
  });
});
