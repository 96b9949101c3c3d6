/**
 * First-run demo data: the nine categories, a demo client and a demo business with known passwords,
 * and a handful of posts with pictures in different towns and budgets. Everything except the
 * categories goes through the real user pool and the real handlers (acting as the demo users), so
 * seeded data is exactly what the product itself would have written.
 */
import {
  AdminConfirmSignUpCommand, AdminGetUserCommand, CognitoIdentityProviderClient, SignUpCommand, UsernameExistsException,
} from '@aws-sdk/client-cognito-identity-provider';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { routes } from '../../common/routes';
import type { Role } from '../../common/constants';
import { seedCategories } from '../../lambdas/data/categories';
import { buildApiEvent, importHandler } from './gateway';
import { roomPng } from './demoImages';
import type { StackInfo } from './stack';

export interface DemoAccount { role: Role; email: string; password: string; name: string }

export const DEMO_ACCOUNTS: DemoAccount[] = [
  { role: 'client', email: 'client@demo.al', password: 'Client#2026', name: 'Elira Hoxha' },
  { role: 'business', email: 'business@demo.al', password: 'Business#2026', name: 'Casa Bella Interiors' },
];

const DEMO_POSTS = [
  { title: 'Modern living room makeover', location: 'Tirana', budget: 2500, categories: ['Interior Design', 'Furniture', 'Decor'], content: 'Looking for a designer to refresh a 30 m² living room: new sofa, shelving wall and warm lighting. Light wood and green tones preferred.' },
  { title: 'Custom oak wardrobe for the bedroom', location: 'Durrës', budget: 800, categories: ['Furniture'], content: 'Built-in wardrobe, 2.4 m wide and ceiling high, with sliding doors and inner drawers.' },
  { title: 'Bathroom tiles and fixtures renovation', location: 'Shkodër', budget: 3200, categories: ['Bathroom', 'Flooring'], content: 'Full renovation of a 6 m² bathroom: tiles, walk-in shower, vanity and new fixtures.' },
  { title: 'Terrace furniture and garden lights', location: 'Vlorë', budget: 1200, categories: ['Outdoor', 'Lights'], content: 'Sea-view terrace needs weatherproof seating for six and soft evening lighting.' },
  { title: 'Paint a three-room apartment', location: 'Korçë', budget: 450, categories: ['Painting'], content: 'Walls and ceilings of three rooms and a corridor, about 180 m² in total. Neutral colours.' },
  { title: 'Dural ceiling with LED strips', location: 'Tirana', budget: 1800, categories: ['Dural', 'Lights'], content: 'Suspended gypsum ceiling in the kitchen and living area with hidden LED strips.' },
  { title: 'Herringbone parquet for the living room', location: 'Elbasan', budget: 6000, categories: ['Flooring'], content: 'About 45 m² of oak herringbone parquet, including removal of the old tiles.' },
  { title: 'Cozy decor for a small studio', location: 'Sarandë', budget: 90, categories: ['Decor'], content: 'Cushions, curtains, a rug and a few prints to make a rental studio feel like home.' },
];

/** Jobs the demo business finished for the demo client, with the client's review. */
const DEMO_REVIEWS = [
  { title: 'Kitchen cabinets repainted', category: 'Painting', price: 600, rating: 5, review: 'Clean, quick and the colour is exactly what we chose.' },
  { title: 'Reading corner with shelves', category: 'Furniture', price: 950, rating: 4, review: 'Lovely shelves; delivery was two days late.' },
];

const handlerRoute = (name: string) => {
  const route = routes.find((r) => r.handler === name);
  if (!route) throw new Error(`No route for ${name}`);
  return route;
};

/** Call a real handler as `claims` of an ID token would through the gateway; throws on an error answer. */
export async function act<T>(name: string, claims: Record<string, string>, req: { body?: unknown; params?: Record<string, string> } = {}): Promise<T> {
  const handler = await importHandler(name);
  const event = buildApiEvent({ route: handlerRoute(name), claims: { token_use: 'id', ...claims }, params: req.params, body: req.body === undefined ? undefined : JSON.stringify(req.body) });
  const res = await handler(event, { awsRequestId: event.requestContext.requestId });
  const body = res.body ? JSON.parse(res.body) : undefined;
  if ((res.statusCode ?? 200) >= 400) throw new Error(`Seed: ${name} answered ${res.statusCode}: ${res.body}`);
  return body as T;
}

/** A confirmed user of the local pool (created if missing); answers its sub. */
export async function ensureCognitoUser(info: StackInfo, account: DemoAccount): Promise<string> {
  const cognito = new CognitoIdentityProviderClient({ endpoint: info.authEndpoint, region: info.region, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } });
  try {
    await cognito.send(new SignUpCommand({
      ClientId: info.userPoolClientId, Username: account.email, Password: account.password,
      UserAttributes: [{ Name: 'email', Value: account.email }, { Name: 'nickname', Value: account.role }],
    }));
    await cognito.send(new AdminConfirmSignUpCommand({ UserPoolId: info.userPoolId, Username: account.email }));
  } catch (err) {
    if (!(err instanceof UsernameExistsException)) throw err;
  }
  const user = await cognito.send(new AdminGetUserCommand({ UserPoolId: info.userPoolId, Username: account.email }));
  cognito.destroy();
  const sub = user.UserAttributes?.find((a) => a.Name === 'sub')?.Value;
  if (!sub) throw new Error(`Seed: no sub for ${account.email}`);
  return sub;
}

export async function seedIfFirstRun(info: StackInfo, opts: { seed: boolean; imagesProcessed?: () => Promise<void> }): Promise<DemoAccount[]> {
  const doc = DynamoDBDocumentClient.from(new DynamoDBClient({ endpoint: info.dynamoEndpoint, region: info.region }));
  const marker = { pk: 'META', sk: 'SEED' };
  try {
    await seedCategories();
    if (!opts.seed) return [];
    const { Item } = await doc.send(new GetCommand({ TableName: info.tableName, Key: marker }));
    if (Item) return DEMO_ACCOUNTS;

    const [clientAccount, businessAccount] = DEMO_ACCOUNTS;
    const clientSub = await ensureCognitoUser(info, clientAccount);
    const businessSub = await ensureCognitoUser(info, businessAccount);
    const clientClaims = { sub: clientSub, nickname: 'client', email: clientAccount.email };
    const businessClaims = { sub: businessSub, nickname: 'business', email: businessAccount.email };

    const categories = await act<{ _id: string; name: string }[]>('listCategories', clientClaims);
    const categoryId = (name: string) => categories.find((c) => c.name === name)!._id;

    const user = await act<{ _id: string }>('createUser', clientClaims, {
      body: { email: clientAccount.email, cognitoId: clientSub, username: clientAccount.name },
    });
    const business = await act<{ _id: string }>('createBusiness', businessClaims, {
      body: { email: businessAccount.email, cognitoId: businessSub, businessName: businessAccount.name, location: 'Tirana' },
    });

    const s3 = new S3Client({ endpoint: info.s3Endpoint, region: info.region, forcePathStyle: true, credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } });
    for (const [i, post] of DEMO_POSTS.entries()) {
      const images: string[] = [];
      for (let n = 0; n < (i % 3 === 0 ? 2 : 1); n++) {
        const key = `uploads/${clientSub}/seed-${i}-${n}.png`;
        await s3.send(new PutObjectCommand({ Bucket: info.bucket, Key: key, Body: roomPng(i * 2 + n), ContentType: 'image/png' }));
        images.push(key);
      }
      // The emulator hands each upload to the image processor, as S3 does: the post uses processed pictures.
      await opts.imagesProcessed?.();
      await act('createPost', clientClaims, {
        body: {
          userId: user._id, title: post.title, category: post.categories.map(categoryId), location: post.location,
          budget: post.budget, content: post.content, images,
        },
      });
    }
    s3.destroy();
    // Finished, reviewed jobs, each through the same calls as in the app, so the demo business's
    // rating and counters are the ones its reviews wrote.
    for (const job of DEMO_REVIEWS) {
      const post = await act<{ _id: string }>('createPost', clientClaims, {
        body: { userId: user._id, title: job.title, category: [categoryId(job.category)], location: 'Tirana', budget: job.price, content: job.title, images: [] },
      });
      const offer = await act<{ _id: string }>('createOffer', businessClaims, {
        body: { postId: post._id, businessId: business._id, price: job.price, message: 'We can start on Monday.' },
      });
      await act('updateOfferStatus', clientClaims, { body: { offerId: offer._id, newStatus: 'accepted' } });
      await act('createFinishedJob', clientClaims, { body: { postId: post._id, businessId: business._id, rating: job.rating, review: job.review } });
    }
    await doc.send(new PutCommand({ TableName: info.tableName, Item: { ...marker, seededAt: new Date().toISOString() } }));
    return DEMO_ACCOUNTS;
  } finally {
    doc.destroy();
  }
}
