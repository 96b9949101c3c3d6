/**
 * First-run demo data (texts in common/demoData.ts, in Albanian): the nine categories, a demo client and four
 * businesses with known passwords, "about" texts, logos, portfolio pictures and service towns (so their public
 * pages are full), posts with pictures in different towns and budgets, offers waiting for an answer, four
 * finished jobs with a review (three with the business's reply), and three Sponsored ads paid through the local
 * payment provider's checkout (completed payments). Everything except the
 * categories goes through the real user pool and the real handlers (acting as the demo users), so
 * seeded data is exactly what the product itself would have written.
 */
import {
  AdminAddUserToGroupCommand,
  AdminConfirmSignUpCommand,
  AdminGetUserCommand,
  CognitoIdentityProviderClient,
  SignUpCommand,
  UsernameExistsException,
} from '@aws-sdk/client-cognito-identity-provider';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { routes } from '../../common/routes';
import { addDays, todayDate, type Role } from '../../common/constants';
import { seedCategories } from '../../lambdas/data/categories';
import { buildApiEvent, importHandler } from './gateway';
import { roomPng } from './demoImages';
import { ideaPng } from './ideaImages';
import {
  DEMO_ADS,
  DEMO_BOARDS,
  DEMO_BUSINESSES,
  DEMO_JOB_IDEAS,
  DEMO_PORTFOLIO_IDEAS,
  DEMO_CLIENT,
  DEMO_MODERATOR,
  DEMO_NEIGHBOUR,
  DEMO_OFFERS,
  DEMO_POSTS,
  DEMO_REPORTS,
  FINISHED_JOBS,
  PRICE_GUIDE_OFFERS,
  type DemoOffer,
  type DemoPost,
} from '../../common/demoData';
import { MODERATOR_GROUP } from '../../common/moderation';
import { OPERATOR_GROUP } from '../../common/operatorFigures';
import type { StackInfo } from './stack';

export interface DemoAccount {
  role: Role;
  email: string;
  password: string;
  name: string;
  /** In the user pool's moderator group (printed as a moderator). */
  moderator?: true;
  /** In the user pool's operator group too (the figures at /operator and their weekly email). */
  operator?: true;
}

/** The accounts `npm start` prints: the demo client and the first demo business. */
export const DEMO_ACCOUNTS: DemoAccount[] = [
  { role: 'client', ...DEMO_CLIENT },
  {
    role: 'business',
    email: DEMO_BUSINESSES[0].email,
    password: DEMO_BUSINESSES[0].password,
    name: DEMO_BUSINESSES[0].businessName,
  },
  { role: 'client', ...DEMO_MODERATOR, moderator: true, operator: true },
];

const handlerRoute = (name: string) => {
  const route = routes.find((r) => r.handler === name);
  if (!route) throw new Error(`No route for ${name}`);
  return route;
};

/** Call a real handler as `claims` of an ID token would through the gateway; throws on an error answer. */
export async function act<T>(
  name: string,
  claims: Record<string, string>,
  req: { body?: unknown; params?: Record<string, string> } = {},
): Promise<T> {
  const handler = await importHandler(name);
  const event = buildApiEvent({
    route: handlerRoute(name),
    claims: { token_use: 'id', ...claims },
    params: req.params,
    body: req.body === undefined ? undefined : JSON.stringify(req.body),
  });
  const res = await handler(event, { awsRequestId: event.requestContext.requestId });
  const body = res.body ? JSON.parse(res.body) : undefined;
  if ((res.statusCode ?? 200) >= 400) throw new Error(`Seed: ${name} answered ${res.statusCode}: ${res.body}`);
  return body as T;
}

/** A confirmed user of the local pool (created if missing); answers its sub. */
export async function ensureCognitoUser(info: StackInfo, account: DemoAccount): Promise<string> {
  const cognito = new CognitoIdentityProviderClient({
    endpoint: info.authEndpoint,
    region: info.region,
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  try {
    await cognito.send(
      new SignUpCommand({
        ClientId: info.userPoolClientId,
        Username: account.email,
        Password: account.password,
        UserAttributes: [
          { Name: 'email', Value: account.email },
          { Name: 'nickname', Value: account.role },
        ],
      }),
    );
    await cognito.send(new AdminConfirmSignUpCommand({ UserPoolId: info.userPoolId, Username: account.email }));
  } catch (err) {
    if (!(err instanceof UsernameExistsException)) throw err;
  }
  const groups = [...(account.moderator ? [MODERATOR_GROUP] : []), ...(account.operator ? [OPERATOR_GROUP] : [])];
  for (const GroupName of groups) {
    await cognito.send(
      new AdminAddUserToGroupCommand({ UserPoolId: info.userPoolId, Username: account.email, GroupName }),
    );
  }
  const user = await cognito.send(new AdminGetUserCommand({ UserPoolId: info.userPoolId, Username: account.email }));
  cognito.destroy();
  const sub = user.UserAttributes?.find((a) => a.Name === 'sub')?.Value;
  if (!sub) throw new Error(`Seed: no sub for ${account.email}`);
  return sub;
}

export async function seedIfFirstRun(
  info: StackInfo,
  opts: {
    seed: boolean;
    imagesProcessed?: () => Promise<void>;
    /** Pays a checkout with the success test card on the local payment provider (its webhook is delivered when it resolves). */
    pay?: (providerTransactionId: string) => Promise<unknown>;
  },
): Promise<DemoAccount[]> {
  const doc = DynamoDBDocumentClient.from(new DynamoDBClient({ endpoint: info.dynamoEndpoint, region: info.region }));
  const marker = { pk: 'META', sk: 'SEED' };
  try {
    await seedCategories();
    if (!opts.seed) return [];
    const { Item } = await doc.send(new GetCommand({ TableName: info.tableName, Key: marker }));
    if (Item) {
      // Seeded already: what a first run may have stopped before is finished (the demo moderator and its queue, with
      // their own marker; the demo operator's account and group); the rest is left as it is.
      await seedModeration(info, doc);
      await seedIdeas(info, doc, opts);
      await ensureCognitoUser(
        info,
        DEMO_ACCOUNTS.find((a) => a.operator)!,
      );
      return DEMO_ACCOUNTS;
    }

    const clientAccount = DEMO_ACCOUNTS[0];
    const clientSub = await ensureCognitoUser(info, clientAccount);
    const clientClaims = { sub: clientSub, nickname: 'client', email: clientAccount.email };

    const categories = await act<{ _id: string; name: string }[]>('listCategories', clientClaims);
    const categoryId = (name: string) => categories.find((c) => c.name === name)!._id;

    const user = await act<{ _id: string }>('createUser', clientClaims, {
      body: { email: clientAccount.email, cognitoId: clientSub, username: clientAccount.name },
    });
    const businesses: { id: string; claims: Record<string, string> }[] = [];
    for (const business of DEMO_BUSINESSES) {
      const sub = await ensureCognitoUser(info, {
        role: 'business',
        email: business.email,
        password: business.password,
        name: business.businessName,
      });
      const claims = { sub, nickname: 'business', email: business.email };
      const created = await act<{ _id: string }>('createBusiness', claims, {
        body: {
          email: business.email,
          cognitoId: sub,
          businessName: business.businessName,
          location: business.location,
          description: business.description,
          categories: business.categories.map(categoryId),
        },
      });
      businesses.push({ id: created._id, claims });
    }

    const s3 = new S3Client({
      endpoint: info.s3Endpoint,
      region: info.region,
      forcePathStyle: true,
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    });
    let picture = 0;
    const createPost = async (post: DemoPost, pictures: number): Promise<string> => {
      const images: string[] = [];
      for (let n = 0; n < pictures; n++, picture++) {
        const key = `uploads/${clientSub}/seed-${picture}.png`;
        await s3.send(
          new PutObjectCommand({ Bucket: info.bucket, Key: key, Body: roomPng(picture), ContentType: 'image/png' }),
        );
        images.push(key);
      }
      // The emulator hands each upload to the image processor, as S3 does: the post uses processed pictures.
      await opts.imagesProcessed?.();
      const created = await act<{ _id: string }>('createPost', clientClaims, {
        body: {
          userId: user._id,
          title: post.title,
          category: post.categories.map(categoryId),
          location: post.location,
          budget: post.budget,
          content: post.content,
          images,
        },
      });
      return created._id;
    };
    const offer = (postId: string, o: DemoOffer) => {
      const { startInDays, ...terms } = o.terms ?? {};
      return act<{ _id: string }>('createOffer', businesses[o.business].claims, {
        body: {
          postId,
          businessId: businesses[o.business].id,
          price: o.price,
          message: o.message,
          ...terms,
          ...(startInDays !== undefined ? { startDate: addDays(todayDate(), startInDays) } : {}),
        },
      });
    };

    for (const job of FINISHED_JOBS) {
      const postId = await createPost(job.post, 1);
      const accepted = await offer(postId, job.offer);
      await act('updateOfferStatus', clientClaims, { body: { offerId: accepted._id, newStatus: 'accepted' } });
      await act('createFinishedJob', clientClaims, {
        body: { postId, businessId: businesses[job.offer.business].id, rating: job.rating, review: job.review },
      });
      if (job.reply)
        await act('replyToReview', businesses[job.offer.business].claims, {
          params: { id: postId },
          body: { text: job.reply },
        });
    }
    // Each business's logo, portfolio and service towns, through the real upload, processing and profile update:
    // the public pages (lambdas/site) show processed widths of them.
    for (const [i, business] of DEMO_BUSINESSES.entries()) {
      const { id, claims } = businesses[i];
      const keys: string[] = [];
      for (let n = 0; n <= business.portfolioPictures; n++) {
        const key = `uploads/${claims.sub}/seed-portfolio-${n}.png`;
        await s3.send(
          new PutObjectCommand({
            Bucket: info.bucket,
            Key: key,
            // The logo, then the portfolio: each picture its room in its style (it is shown among the ideas too).
            Body:
              n === 0
                ? roomPng(i + 2, 400, 400)
                : DEMO_PORTFOLIO_IDEAS[i]?.[n - 1]
                  ? ideaPng(DEMO_PORTFOLIO_IDEAS[i][n - 1].room, DEMO_PORTFOLIO_IDEAS[i][n - 1].style, i * 3 + n)
                  : roomPng(i * 3 + n, 960, 720),
            ContentType: 'image/png',
          }),
        );
        keys.push(key);
      }
      await opts.imagesProcessed?.();
      await act('updateBusiness', claims, {
        params: { id },
        body: { profilePicture: keys[0], showroom: keys.slice(1), serviceTowns: business.serviceTowns },
      });
    }

    // The price guide's demo data: a neighbour's requests in Tirana, each with one offer accepted.
    const neighbourSub = await ensureCognitoUser(info, { role: 'client', ...DEMO_NEIGHBOUR });
    const neighbourClaims = { sub: neighbourSub, nickname: 'client', email: DEMO_NEIGHBOUR.email };
    const neighbour = await act<{ _id: string }>('createUser', neighbourClaims, {
      body: { email: DEMO_NEIGHBOUR.email, cognitoId: neighbourSub, username: DEMO_NEIGHBOUR.name },
    });
    for (const { post, offer: o } of PRICE_GUIDE_OFFERS) {
      const created = await act<{ _id: string }>('createPost', neighbourClaims, {
        body: {
          userId: neighbour._id,
          title: post.title,
          category: post.categories.map(categoryId),
          location: post.location,
          budget: post.budget,
          content: post.content,
          images: [],
        },
      });
      const made = await offer(created._id, o);
      await act('updateOfferStatus', neighbourClaims, { body: { offerId: made._id, newStatus: 'accepted' } });
    }
    const postIds: string[] = [];
    for (const [i, post] of DEMO_POSTS.entries()) postIds.push(await createPost(post, i % 3 === 0 ? 2 : 1));
    for (const o of DEMO_OFFERS) await offer(postIds[o.post], o);
    for (const [i, ad] of DEMO_ADS.entries()) {
      const { id, claims } = businesses[ad.business];
      const key = `uploads/${claims.sub}/seed-ad-${i}.png`;
      await s3.send(
        new PutObjectCommand({
          Bucket: info.bucket,
          Key: key,
          Body: roomPng(i + 1, 652, 360),
          ContentType: 'image/png',
        }),
      );
      await opts.imagesProcessed?.();
      // Bought as any business buys one: a checkout on the local payment provider, paid with the test card; its
      // webhook completes the payment and lists the ad.
      const created = await act<{ checkout: { transactionId: string } }>('createAd', claims, {
        body: { businessId: id, image: key },
      });
      await opts.pay?.(created.checkout.transactionId);
    }
    s3.destroy();
    await doc.send(
      new PutCommand({ TableName: info.tableName, Item: { ...marker, seededAt: new Date().toISOString() } }),
    );
    await seedModeration(info, doc);
    await seedIdeas(info, doc, opts);
    return DEMO_ACCOUNTS;
  } finally {
    doc.destroy();
  }
}

/**
 * The demo moderator (a client account with its client record, in the moderator group) and a few reports in
 * Albanian so the queue is not empty, once (marker `META` / `SEED#MODERATION`). Reports go through the real
 * handler as the demo users; the reported requests are the demo client's, found through its posts list.
 */
async function seedModeration(info: StackInfo, doc: DynamoDBDocumentClient) {
  const marker = { pk: 'META', sk: 'SEED#MODERATION' };
  const { Item } = await doc.send(new GetCommand({ TableName: info.tableName, Key: marker }));
  if (Item) return;
  const moderator = DEMO_ACCOUNTS.find((a) => a.moderator)!;
  const moderatorSub = await ensureCognitoUser(info, moderator);
  await act(
    'createUser',
    { sub: moderatorSub, nickname: 'client', email: moderator.email },
    {
      body: { email: moderator.email, cognitoId: moderatorSub, username: moderator.name },
    },
  );

  const clientSub = await ensureCognitoUser(info, DEMO_ACCOUNTS[0]);
  const clientClaims = { sub: clientSub, nickname: 'client', email: DEMO_ACCOUNTS[0].email };
  const client = await act<{ _id: string }>('getUserByCognito', clientClaims, { params: { sub: clientSub } });
  const posts = await act<{ _id: string; title: string }[]>('listUserPosts', clientClaims, {
    params: { userId: client._id },
  });
  const postOf = (i: number) => posts.find((p) => p.title === DEMO_POSTS[i].title)?._id;
  const businessClaims: Record<string, string>[] = [];
  const businessIds: string[] = [];
  for (const b of DEMO_BUSINESSES) {
    const sub = await ensureCognitoUser(info, {
      role: 'business',
      email: b.email,
      password: b.password,
      name: b.businessName,
    });
    const claims = { sub, nickname: 'business', email: b.email };
    businessClaims.push(claims);
    businessIds.push((await act<{ _id: string }>('getBusinessByCognito', claims, { params: { sub } }))._id);
  }
  for (const r of DEMO_REPORTS) {
    const targetId = r.kind === 'business' ? businessIds[r.target] : postOf(r.target);
    if (!targetId) continue;
    await act('createReport', r.by === 'client' ? clientClaims : businessClaims[r.by], {
      body: { kind: r.kind, targetId, reason: r.reason, note: r.note },
    });
  }
  await doc.send(
    new PutCommand({ TableName: info.tableName, Item: { ...marker, seededAt: new Date().toISOString() } }),
  );
}

/**
 * The ideas of the demo data, once (marker `META` / `SEED#IDEAS`): each demo business's portfolio pictures tagged with
 * their room and style; pictures of each finished job's work (drawn as their rooms), uploaded by the business that did
 * it and tagged; the demo client's consent to show the price band of most of its jobs; and the demo client's boards.
 * Everything through the real handlers, as the demo users.
 */
async function seedIdeas(
  info: StackInfo,
  doc: DynamoDBDocumentClient,
  opts: { imagesProcessed?: () => Promise<void> },
) {
  const marker = { pk: 'META', sk: 'SEED#IDEAS' };
  const { Item } = await doc.send(new GetCommand({ TableName: info.tableName, Key: marker }));
  if (Item) return;
  const clientSub = await ensureCognitoUser(info, DEMO_ACCOUNTS[0]);
  const clientClaims = { sub: clientSub, nickname: 'client', email: DEMO_ACCOUNTS[0].email };
  const client = await act<{ _id: string }>('getUserByCognito', clientClaims, { params: { sub: clientSub } });
  const posts = await act<{ _id: string; title: string }[]>('listUserPosts', clientClaims, {
    params: { userId: client._id },
  });
  const businesses: { id: string; claims: Record<string, string>; showroom: string[] }[] = [];
  for (const b of DEMO_BUSINESSES) {
    const sub = await ensureCognitoUser(info, {
      role: 'business',
      email: b.email,
      password: b.password,
      name: b.businessName,
    });
    const claims = { sub, nickname: 'business', email: b.email };
    const record = await act<{ _id: string; showroom: string[] }>('getBusinessByCognito', claims, { params: { sub } });
    businesses.push({ id: record._id, claims, showroom: record.showroom });
  }
  type Tagged = { _id: string };
  const portfolio: string[][] = [];
  for (const [i, tags] of DEMO_PORTFOLIO_IDEAS.entries()) {
    portfolio[i] = [];
    for (const [n, t] of tags.entries()) {
      const picture = businesses[i].showroom[n];
      if (!picture) continue;
      const idea = await act<Tagged>('tagIdea', businesses[i].claims, { body: { picture, ...t } });
      portfolio[i][n] = idea._id;
    }
  }
  const s3 = new S3Client({
    endpoint: info.s3Endpoint,
    region: info.region,
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  });
  const jobs: string[][] = [];
  try {
    for (const { job, pictures, showBand } of DEMO_JOB_IDEAS) {
      const postId = posts.find((p) => p.title === FINISHED_JOBS[job].post.title)?._id;
      if (!postId) continue;
      const maker = businesses[FINISHED_JOBS[job].offer.business];
      const keys: string[] = [];
      for (const [n, t] of pictures.entries()) {
        const key = `uploads/${maker.claims.sub}/seed-job-${job}-${n}.png`;
        await s3.send(
          new PutObjectCommand({
            Bucket: info.bucket,
            Key: key,
            Body: ideaPng(t.room, t.style, job * 7 + n),
            ContentType: 'image/png',
          }),
        );
        keys.push(key);
      }
      await opts.imagesProcessed?.();
      jobs[job] = [];
      for (const [n, t] of pictures.entries())
        jobs[job][n] = (await act<Tagged>('tagIdea', maker.claims, { body: { picture: keys[n], postId, ...t } }))._id;
      if (showBand) await act('setJobPriceBand', clientClaims, { params: { postId }, body: { show: true } });
    }
  } finally {
    s3.destroy();
  }
  for (const board of DEMO_BOARDS) {
    const made = await act<{ _id: string }>('createBoard', clientClaims, { body: { name: board.name } });
    for (const ref of board.ideas) {
      const ideaId =
        'portfolio' in ref ? portfolio[ref.portfolio[0]]?.[ref.portfolio[1]] : jobs[ref.job[0]]?.[ref.job[1]];
      if (ideaId) await act('saveIdeaToBoard', clientClaims, { params: { id: made._id, ideaId } });
    }
    if (board.shared) await act('updateBoard', clientClaims, { params: { id: made._id }, body: { shared: true } });
  }
  await doc.send(
    new PutCommand({ TableName: info.tableName, Item: { ...marker, seededAt: new Date().toISOString() } }),
  );
}
