/**
 * GET /post/user/{userId}?limit=&cursor=: a client's posts of every status, newest first (pattern 10),
 * for the profile's Available / Ongoing / Finished carousels. Pages of up to 100 (the default).
 */
import * as z from 'zod';
import { userIdParams } from '../../common/schemas/posts';
import { defineHandler } from '../lib/http';
import { pageReply, wholeListQuery } from '../lib/paging';
import { listPostsOfUser } from '../data/posts';
import { toPostDto } from '../domain/posts';
import { visibleTo } from '../domain/moderation';
import { getUserById } from '../data/users';

export const handler = defineHandler('listUserPosts', {
  params: userIdParams,
  query: z.object(wholeListQuery),
  run: async ({ caller, params, query }) => {
    const [page, owner] = await Promise.all([listPostsOfUser(params.userId, query), getUserById(params.userId)]);
    // Hidden posts only for their owner and moderators; a page may come out shorter by the hidden posts in
    // it, the cursor still continues after them (docs/access-patterns.md, "Moderation").
    return pageReply(
      visibleTo(page.items, caller, owner?.cognitoId).map((p) => toPostDto(p)),
      page.nextCursor,
    );
  },
});
