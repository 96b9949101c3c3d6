import { beforeEach, describe, expect, it } from 'vitest';
import { mockClient } from 'aws-sdk-client-mock';
import { BatchGetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { DocumentClient } from '../../lambdas/data/client';
import { businessCaller, clientCaller, dataCalls, invoke, useTestEnv } from '../support/events';
import { fold, indexTokens, matchesTokens, planSearch, tokenize } from '../../lambdas/model/search';
import { handler as searchBusinesses } from '../../lambdas/handlers/searchBusinesses';
import { SEARCH_READS_PER_PAGE } from '../../lambdas/data/businesses';

useTestEnv();
const ddb = mockClient(DocumentClient);
beforeEach(() => ddb.reset());

describe('name tokens', () => {
  it('folds case and Albanian accents', () => {
    expect(fold('Korçë ÇELA Shtëpi')).toBe('korce cela shtepi');
  });
  it('splits on anything that is not a letter or digit, keeping distinct tokens in order', () => {
    expect(tokenize('D&D Home-Decor 24/7')).toEqual(['d', 'd', 'home', 'decor', '24', '7']);
    expect(indexTokens('Decor decor DECOR Studio')).toEqual(['decor', 'studio']);
  });
  it('plans one Query: the first word as a prefix, or as a whole token when more words follow', () => {
    expect(planSearch('  ')).toBeUndefined();
    expect(planSearch('Bel')).toEqual({ words: ['bel'], partition: 'BNAME#b', sortPrefix: 'bel' });
    expect(planSearch('casa BE')).toEqual({ words: ['casa', 'be'], partition: 'BNAME#c', sortPrefix: 'casa#' });
  });
  it('matches the start of any word, and several words as consecutive words', () => {
    const name = tokenize('Casa Bella Interiors');
    expect(matchesTokens(name, ['bel'])).toBe(true);
    expect(matchesTokens(name, ['int'])).toBe(true);
    expect(matchesTokens(name, ['ella'])).toBe(false);
    expect(matchesTokens(name, ['casa', 'bel'])).toBe(true);
    expect(matchesTokens(name, ['bella', 'int'])).toBe(true);
    expect(matchesTokens(name, ['cas', 'bella'])).toBe(false);
    expect(matchesTokens(name, ['casa', 'int'])).toBe(false);
  });
});

describe('GET /business/search', () => {
  /** The business's card as copied onto its token items (lambdas/model/copies.ts COPIES.businessCard). */
  const card = (id: string, name: string, over: Record<string, unknown> = {}) => ({
    v: 1,
    cognitoId: `sub-${id}`,
    businessName: name,
    ratingSum: 0,
    reviewCount: 0,
    verified: false,
    finishedJobsCount: 0,
    ...over,
  });
  const token = (id: string, name: string, t: string, over: Record<string, unknown> = {}) => ({
    pk: `BUSINESS#${id}`,
    sk: `NAMETOKEN#${t}`,
    gsi1pk: `BNAME#${t[0]}`,
    gsi1sk: `${t}#${id}`,
    businessId: id,
    businessName: name,
    location: 'Tirana',
    profilePicture: 'uploads/s/p.png',
    nameTokens: tokenize(name),
    business: card(id, name, over),
  });

  it('a blank query answers [] without reading anything', async () => {
    const res = await invoke(searchBusinesses, { query: { name: '   ' } });
    expect(res.body).toEqual([]);
    expect(dataCalls(ddb)).toHaveLength(0);
  });

  it('queries the folded prefix on GSI1 and answers each business once with CDN pictures and its rating, from that one Query', async () => {
    ddb.on(QueryCommand).resolves({
      Items: [
        token('b1', 'Bella Bellagio', 'bella', { ratingSum: 9, reviewCount: 2, verified: true }),
        token('b1', 'Bella Bellagio', 'bellagio', { ratingSum: 9, reviewCount: 2, verified: true }),
        token('b2', 'Belle Époque', 'belle'),
      ],
    });
    const res = await invoke(searchBusinesses, { query: { name: 'BÉL' } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual([
      {
        _id: 'b1',
        businessName: 'Bella Bellagio',
        location: 'Tirana',
        profilePicture: 'https://cdn.test/images/s/p.png/1280.webp',
        ratingAverage: 4.5,
        reviewCount: 2,
        verified: true,
      },
      {
        _id: 'b2',
        businessName: 'Belle Époque',
        location: 'Tirana',
        profilePicture: 'https://cdn.test/images/s/p.png/1280.webp',
        ratingAverage: 0,
        reviewCount: 0,
        verified: false,
      },
    ]);
    // The rating, badge and moderation's mark are on the token items: the page reads nothing else.
    expect(dataCalls(ddb)).toHaveLength(1);
    const input = ddb.commandCalls(QueryCommand)[0].args[0].input;
    expect(input).toMatchObject({
      IndexName: 'GSI1',
      ExpressionAttributeValues: { ':pk': 'BNAME#b', ':prefix': 'bel' },
    });
  });

  it('leaves out a business moderation hid, but for itself and moderators', async () => {
    const hidden = { hidden: { reason: 'Fake', at: '2026-11-01T00:00:00.000Z' } };
    ddb.on(QueryCommand).resolves({
      Items: [token('b1', 'Bella', 'bella', hidden), token('b2', 'Belle', 'belle')],
    });
    const ids = async (caller: ReturnType<typeof clientCaller>) =>
      (await invoke(searchBusinesses, { caller, query: { name: 'bel' } })).body.map((b: { _id: string }) => b._id);
    expect(await ids(clientCaller())).toEqual(['b2']);
    expect(await ids(businessCaller({ sub: 'sub-b1' }))).toEqual(['b1', 'b2']);
    expect(await ids(clientCaller({ groups: ['moderator'] }))).toEqual(['b1', 'b2']);
    expect(ddb.commandCalls(BatchGetCommand)).toHaveLength(0);
  });

  it('a multi-word query keeps only names with that word sequence', async () => {
    ddb
      .on(QueryCommand)
      .resolves({ Items: [token('b1', 'Casa Bella', 'casa'), token('b2', 'Casa Nova Bella', 'casa')] });
    const res = await invoke(searchBusinesses, { query: { name: 'casa bel' } });
    expect(res.body.map((b: { _id: string }) => b._id)).toEqual(['b1']);
    expect(ddb.commandCalls(QueryCommand)[0].args[0].input.ExpressionAttributeValues).toMatchObject({
      ':prefix': 'casa#',
    });
  });

  it('a page thinned by items that are no answer reads on from where its Query stopped; a full page goes on after its last hit', async () => {
    const keyOf = (t: ReturnType<typeof token>) => ({ pk: t.pk, sk: t.sk, gsi1pk: t.gsi1pk, gsi1sk: t.gsi1sk });
    const noAnswer = token('b2', 'Casa Nova', 'casa');
    const second = token('b3', 'Casa Bellona', 'casa');
    ddb
      .on(QueryCommand)
      .resolvesOnce({ Items: [token('b1', 'Casa Bella', 'casa'), noAnswer], LastEvaluatedKey: keyOf(noAnswer) })
      .resolvesOnce({
        Items: [second, token('b4', 'Casa Belle', 'casa')],
        LastEvaluatedKey: keyOf(token('b4', 'Casa Belle', 'casa')),
      });
    const res = await invoke(searchBusinesses, { query: { name: 'casa bel', limit: '2' } });
    expect(res.body.map((b: { _id: string }) => b._id)).toEqual(['b1', 'b3']);
    const queries = ddb.commandCalls(QueryCommand).map((c) => c.args[0].input);
    expect(queries.map((q) => q.Limit)).toEqual([2, 2]);
    expect(queries[1].ExclusiveStartKey).toEqual(keyOf(noAnswer));
    // The next page starts after b3, the page's last hit (b4 comes on it).
    expect(JSON.parse(Buffer.from(res.headers['x-next-cursor'], 'base64url').toString())).toEqual(keyOf(second));
  });

  it('a page reads at most 5 Queries of its range: short, with the cursor where the last one stopped', async () => {
    const noAnswer = token('b2', 'Casa Nova', 'casa');
    const stoppedAt = { pk: noAnswer.pk, sk: noAnswer.sk, gsi1pk: noAnswer.gsi1pk, gsi1sk: noAnswer.gsi1sk };
    ddb.on(QueryCommand).resolves({ Items: [noAnswer], LastEvaluatedKey: stoppedAt });
    const res = await invoke(searchBusinesses, { query: { name: 'casa bel', limit: '1' } });
    expect(res.body).toEqual([]);
    expect(ddb.commandCalls(QueryCommand)).toHaveLength(SEARCH_READS_PER_PAGE);
    expect(JSON.parse(Buffer.from(res.headers['x-next-cursor'], 'base64url').toString())).toEqual(stoppedAt);
  });
});
