/**
 * The local user pool: cognito-local run in-process, composed like its own default server but with
 *  - a fixed pool and app client written to its data folder on first start (so ids stay stable),
 *  - confirmation codes handed to `onCode` (printed by `npm start`, appended to codes.jsonl for tests),
 *  - the `nickname` claim in ID tokens through a pre-token-generation trigger (see lambdas/triggers),
 *  - the calls Amplify needs that cognito-local lacks: ResendConfirmationCode, GetTokensFromRefreshToken,
 *  - the cloud pool's password policy on SignUp / ConfirmForgotPassword / ChangePassword,
 *  - the `moderator` and `operator` groups (common/moderation.ts, common/operatorFigures.ts), as the cloud pool has them,
 *  - a disabled user (AdminDisableUser: a moderator's 'suspend') refused at sign-in and token refresh, as
 *    Cognito does ("User is disabled."; cognito-local signs them in), and AdminUserGlobalSignOut, which
 *    cognito-local lacks (it revokes the user's refresh tokens).
 */
import { createRequire } from 'node:module';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Server } from 'node:http';
import { PASSWORD_RULES } from '../../common/constants';
import { MODERATOR_GROUP } from '../../common/moderation';
import { OPERATOR_GROUP } from '../../common/operatorFigures';
import { handler as addNicknameClaim } from '../../lambdas/triggers/addNicknameClaim';

const require = createRequire(import.meta.url);
const lib = (p: string) => require(`cognito-local/lib/${p}`);

export const LOCAL_POOL_ID = 'eu-central-1_LocalPool1';
export const LOCAL_CLIENT_ID = 'localwebclient0000000000001';

export interface CognitoOptions {
  dataDir: string;
  port: number;
  host?: string;
  onCode: (delivery: { email: string; code: string; kind: string }) => void;
}

function writePoolFiles(dbDir: string) {
  mkdirSync(dbDir, { recursive: true });
  const poolFile = path.join(dbDir, `${LOCAL_POOL_ID}.json`);
  if (!existsSync(poolFile)) {
    writeFileSync(
      poolFile,
      JSON.stringify(
        {
          Users: {},
          Groups: {},
          Options: {
            Id: LOCAL_POOL_ID,
            Name: 'marketplace-local',
            UsernameAttributes: ['email'],
            AutoVerifiedAttributes: ['email'],
            MfaConfiguration: 'OFF',
            Policies: {
              PasswordPolicy: {
                MinimumLength: 8,
                RequireLowercase: true,
                RequireUppercase: true,
                RequireNumbers: true,
                RequireSymbols: true,
              },
            },
          },
        },
        null,
        2,
      ),
    );
  }
  const clientsFile = path.join(dbDir, 'clients.json');
  if (!existsSync(clientsFile)) {
    const now = new Date().toISOString();
    writeFileSync(
      clientsFile,
      JSON.stringify(
        {
          Clients: {
            [LOCAL_CLIENT_ID]: {
              ClientId: LOCAL_CLIENT_ID,
              ClientName: 'web',
              UserPoolId: LOCAL_POOL_ID,
              CreationDate: now,
              LastModifiedDate: now,
              ExplicitAuthFlows: ['ALLOW_USER_PASSWORD_AUTH', 'ALLOW_USER_SRP_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'],
              TokenValidityUnits: { AccessToken: 'hours', IdToken: 'hours', RefreshToken: 'days' },
              AccessTokenValidity: 1,
              IdTokenValidity: 1,
              RefreshTokenValidity: 30,
            },
          },
        },
        null,
        2,
      ),
    );
  }
}

const policyError = (password: unknown) => {
  const failed = PASSWORD_RULES.filter((r) => !r.test(String(password ?? '')));
  return failed.length ? `Password does not conform to policy: ${failed.map((r) => r.label).join(', ')}` : undefined;
};

export async function startCognito(
  opts: CognitoOptions,
): Promise<{ server: Server; url: string; stop: () => Promise<void> }> {
  const host = opts.host ?? '127.0.0.1';
  const dbDir = path.join(opts.dataDir, 'db');
  writePoolFiles(dbDir);

  const { DateClock, TriggersService, LambdaService, MessagesService } = lib('services');
  const { CognitoServiceFactoryImpl } = lib('services/cognitoService');
  const { UserPoolServiceFactoryImpl } = lib('services/userPoolService');
  const { CryptoService } = lib('services/crypto');
  const { StormDBDataStoreFactory } = lib('services/dataStore/stormDb');
  const { MessageDeliveryService } = lib('services/messageDelivery/messageDelivery');
  const { otp } = lib('services/otp');
  const { JwtTokenGenerator } = lib('services/tokenGenerator');
  const { Router } = lib('server/Router');
  const { createServer } = lib('server/server');
  const { DefaultConfig } = lib('server/config');
  const errors = lib('errors');
  const pino = require('pino');

  const logger = pino({ level: process.env.COGNITO_LOCAL_DEBUG ? 'debug' : 'silent' });
  const ctx = { logger };
  const url = `http://${host === '127.0.0.1' ? 'localhost' : host}:${opts.port}`;
  const config = {
    ...DefaultConfig,
    TriggerFunctions: { PreTokenGeneration: 'addNicknameClaim' },
    UserPoolDefaults: { UsernameAttributes: ['email'] },
    TokenConfig: { IssuerDomain: url },
    ServerConfig: { port: opts.port, hostname: host, development: false, https: false },
  };

  // The trigger runs in-process through the same Lambda-invoke contract cognito-local uses.
  const lambdaClient = {
    invoke: (params: { FunctionName: string; Payload: string }) => ({
      promise: async () => {
        if (params.FunctionName !== 'addNicknameClaim') throw new Error(`Unknown local trigger ${params.FunctionName}`);
        const result = await addNicknameClaim(JSON.parse(params.Payload));
        return { StatusCode: 200, Payload: JSON.stringify(result) };
      },
    }),
  };

  const sender = {
    sendEmail: async (
      _ctx: unknown,
      user: { Attributes: { Name: string; Value: string }[] },
      destination: string,
      message: { __code: string },
    ) => {
      const email = user.Attributes.find((a) => a.Name === 'email')?.Value ?? destination;
      opts.onCode({ email, code: message.__code, kind: 'email' });
    },
    sendSms: async () => undefined,
  };

  const clock = new DateClock();
  const dataStoreFactory = new StormDBDataStoreFactory(dbDir);
  const cognito = await new CognitoServiceFactoryImpl(
    dbDir,
    dataStoreFactory,
    new UserPoolServiceFactoryImpl(clock, dataStoreFactory),
  ).create(ctx, config.UserPoolDefaults);
  const triggers = new TriggersService(
    clock,
    cognito,
    new LambdaService(config.TriggerFunctions, lambdaClient),
    new CryptoService(config.KMSConfig),
  );
  const messages = new MessagesService(triggers, new MessageDeliveryService(sender));
  const services = {
    clock,
    cognito,
    config,
    messages,
    otp,
    tokenGenerator: new JwtTokenGenerator(clock, triggers, config.TokenConfig),
    triggers,
  };
  const router = Router(services);

  const localPool = await cognito.getUserPool(ctx, LOCAL_POOL_ID);
  const groups = [
    { GroupName: MODERATOR_GROUP, Description: 'Moderators: the reports and verification queues (/moderation)' },
    {
      GroupName: OPERATOR_GROUP,
      Description: "Operators: the marketplace's figures (/operator) and their weekly email",
    },
  ];
  for (const group of groups) {
    if (await localPool.getGroupByGroupName(ctx, group.GroupName)) continue;
    const now = clock.get();
    await localPool.saveGroup(ctx, { ...group, CreationDate: now, LastModifiedDate: now });
  }

  type LocalUser = { Enabled?: boolean; RefreshTokens?: string[] } & Record<string, unknown>;
  /** The fields of a sign-in or refresh request this check reads (the request goes on to cognito-local whole). */
  interface AuthRequest {
    AuthParameters?: Record<string, string>;
    ChallengeResponses?: Record<string, string>;
    RefreshToken?: string;
    UserPoolId?: string;
    ClientId?: string;
    AuthFlow?: string;
  }
  /** The user a sign-in or refresh request is for (by user name, or by its refresh token), if known. */
  const userOfAuthRequest = async (c: typeof ctx, req: AuthRequest): Promise<LocalUser | null> => {
    const params = { ...(req.AuthParameters ?? {}), ...(req.ChallengeResponses ?? {}) } as Record<string, string>;
    const refreshToken = params.REFRESH_TOKEN ?? req.RefreshToken;
    const username = params.USERNAME;
    if (!refreshToken && !username) return null;
    const pool = req.UserPoolId
      ? await cognito.getUserPool(c, req.UserPoolId)
      : await cognito.getUserPoolForClientId(c, req.ClientId);
    return refreshToken ? pool.getUserByRefreshToken(c, refreshToken) : pool.getUserByUsername(c, username);
  };
  const refusingDisabled = (target: string) => async (c: typeof ctx, req: AuthRequest) => {
    const user = await userOfAuthRequest(c, req);
    if (user && user.Enabled === false) throw new errors.NotAuthorizedError('User is disabled.');
    return router(target)(c, req);
  };
  const adminUserGlobalSignOut = async (c: typeof ctx, req: { UserPoolId: string; Username: string }) => {
    const pool = await cognito.getUserPool(c, req.UserPoolId);
    const user = await pool.getUserByUsername(c, req.Username);
    if (!user) throw new errors.UserNotFoundError();
    await pool.saveUser(c, { ...user, RefreshTokens: [] });
    return {};
  };

  const resendConfirmationCode = async (c: typeof ctx, req: { ClientId: string; Username: string }) => {
    const pool = await cognito.getUserPoolForClientId(c, req.ClientId);
    const user = await pool.getUserByUsername(c, req.Username);
    if (!user) throw new errors.UserNotFoundError();
    if (user.UserStatus === 'CONFIRMED') throw new errors.InvalidParameterError('User is already confirmed.');
    const code = otp();
    const email = user.Attributes.find((a: { Name: string }) => a.Name === 'email')?.Value;
    await messages.deliver(c, 'ResendCode', req.ClientId, pool.options.Id, user, code, undefined, {
      DeliveryMedium: 'EMAIL',
      AttributeName: 'email',
      Destination: email,
    });
    await pool.saveUser(c, { ...user, ConfirmationCode: code });
    return { CodeDeliveryDetails: { DeliveryMedium: 'EMAIL', AttributeName: 'email', Destination: email } };
  };

  const withPolicy = (target: string, field: string) => async (c: typeof ctx, req: Record<string, unknown>) => {
    const problem = policyError(req[field]);
    if (problem) throw new errors.InvalidPasswordError(problem);
    return router(target)(c, req);
  };

  const extended = (target: string) => {
    switch (target) {
      case 'ResendConfirmationCode':
        return resendConfirmationCode;
      case 'GetTokensFromRefreshToken':
        return (c: typeof ctx, req: { ClientId: string; RefreshToken: string }) =>
          refusingDisabled('InitiateAuth')(c, {
            AuthFlow: 'REFRESH_TOKEN_AUTH',
            ClientId: req.ClientId,
            AuthParameters: { REFRESH_TOKEN: req.RefreshToken },
          });
      case 'InitiateAuth':
      case 'AdminInitiateAuth':
      case 'RespondToAuthChallenge':
        return refusingDisabled(target);
      case 'AdminUserGlobalSignOut':
        return adminUserGlobalSignOut;
      case 'SignUp':
        return withPolicy('SignUp', 'Password');
      case 'ConfirmForgotPassword':
        return withPolicy('ConfirmForgotPassword', 'Password');
      case 'ChangePassword':
        return withPolicy('ChangePassword', 'ProposedPassword');
      default:
        return router(target);
    }
  };

  const app = createServer(extended, logger, config.ServerConfig, services);
  const server: Server = await app.start();
  return {
    server,
    url,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
