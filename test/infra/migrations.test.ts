/**
 * The data migrations' step of `cdk deploy` (infra/constructs/migrations.ts), in every stage: one trigger invokes the
 * migrations' function synchronously, re-run whenever the function changes, and only once the table and every
 * function that reads or writes it (in the stage's stack or in a nested stack) are deployed; the function's role
 * reaches the table with exactly infra/access.ts MIGRATIONS_ACCESS, and nothing else of the stage.
 */
import { NestedStack, type CfnResource } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_ACCESS } from '../../infra/access';
import { migrationsFunctionName, MIGRATIONS_TIMEOUT } from '../../infra/constructs/migrations';
import { STAGES, stageConfig } from '../../infra/stages';
import { synthStage, type Synthesized } from './support/synth';

type Resource = { Type: string; Properties: Record<string, any>; DependsOn?: string[] };

const usesTable = (r: Resource) =>
  r.Type === 'AWS::Lambda::Function' && !!r.Properties.Environment?.Variables?.TABLE_NAME;

/** Every stage the app knows, and a feature stage (any other name gets the dev settings). */
const STAGE_NAMES = [...Object.keys(STAGES), 'alice'];

describe.each(STAGE_NAMES)('stage %s: the migrations run with the deployment', (name) => {
  let synth: Synthesized;
  let resources: Record<string, Resource>;
  const ofType = (type: string) => Object.entries(resources).filter(([, r]) => r.Type === type);
  const functionId = () => {
    const prefix = stageConfig(name).prefix;
    const found = ofType('AWS::Lambda::Function').find(
      ([, r]) => r.Properties.FunctionName === migrationsFunctionName({ prefix }),
    );
    expect(found, 'the migrations function').toBeDefined();
    return found![0];
  };

  beforeAll(() => {
    synth = synthStage(name, { bundle: false });
    resources = synth.template.toJSON().Resources;
  });
  afterAll(() => synth?.cleanup());

  it('one trigger invokes the migrations function synchronously and again whenever it changes', () => {
    const triggers = ofType('Custom::Trigger');
    expect(triggers).toHaveLength(1);
    const [, trigger] = triggers[0];
    const fn = functionId();
    const version = trigger.Properties.HandlerArn.Ref as string;
    expect(resources[version]).toMatchObject({
      Type: 'AWS::Lambda::Version',
      Properties: { FunctionName: { Ref: fn } },
    });
    expect(trigger.Properties).toMatchObject({ InvocationType: 'RequestResponse', ExecuteOnHandlerChange: true });
    // The trigger waits for the function to answer (a run cut short still reports within its timeout).
    expect(Number(trigger.Properties.Timeout)).toBeGreaterThan(MIGRATIONS_TIMEOUT.toMilliseconds());
    expect(resources[fn].Properties.Timeout).toBe(MIGRATIONS_TIMEOUT.toSeconds());
  });

  it('runs only after the table and every function that reads or writes it, nested stacks included', () => {
    const [, trigger] = ofType('Custom::Trigger')[0];
    const after = new Set(trigger.DependsOn ?? []);
    const [[table]] = ofType('AWS::DynamoDB::GlobalTable');
    expect(after.has(table), 'the table').toBe(true);

    const fn = functionId();
    const ownFunctions = ofType('AWS::Lambda::Function')
      .filter(([id, r]) => id !== fn && usesTable(r))
      .map(([id]) => id);
    expect(ownFunctions.length).toBeGreaterThan(0);
    for (const id of ownFunctions) expect(after.has(id), `function ${id}`).toBe(true);

    const stack = synth.stack;
    const nestedWithFunctions = stack.node
      .findAll()
      .filter((c): c is NestedStack => c instanceof NestedStack && c.nestedStackParent === stack)
      .filter((nested) =>
        Object.values(Template.fromStack(nested).toJSON().Resources as Record<string, Resource>).some(usesTable),
      )
      .map((nested) => stack.getLogicalId(nested.nestedStackResource as CfnResource));
    // The route functions (one nested stack per first path segment) and the notifier's.
    expect(nestedWithFunctions.length).toBeGreaterThan(5);
    for (const id of nestedWithFunctions) expect(after.has(id), `nested stack ${id}`).toBe(true);
  });

  it('its function reaches the table with MIGRATIONS_ACCESS only', () => {
    const fn = functionId();
    const role = resources[fn].Properties.Role['Fn::GetAtt'][0] as string;
    const statements = ofType('AWS::IAM::Policy')
      .filter(([, p]) => p.Properties.Roles.some((r: { Ref: string }) => r.Ref === role))
      .flatMap(([, p]) => p.Properties.PolicyDocument.Statement as { Action: string | string[]; Resource: unknown }[]);
    const actions = statements.flatMap((s) => (Array.isArray(s.Action) ? s.Action : [s.Action]));
    // Query is granted on the table and, as MIGRATIONS_ACCESS names them, on its indexes: each action once here.
    const dynamo = [...new Set(actions.filter((a) => a.startsWith('dynamodb:')))].sort();
    expect(dynamo).toEqual(MIGRATIONS_ACCESS.table.map((a) => `dynamodb:${a}`).sort());
    expect(actions.filter((a) => !/^(dynamodb|logs|xray):/.test(a))).toEqual([]);
    const [[table]] = ofType('AWS::DynamoDB::GlobalTable');
    const onTable = statements.find((s) => JSON.stringify(s.Action).includes('dynamodb:'));
    expect(onTable?.Resource).toEqual({ 'Fn::GetAtt': [table, 'Arn'] });
    expect(resources[fn].Properties.Environment.Variables.TABLE_NAME).toEqual({ Ref: table });
  });
});
