/**
 * GET /post/user/{userId}?limit=&cursor=: a client's posts of every status, newest first (pattern 10),
 * for the profile's Available / Ongoing / Finished carousels. Pages of up to 100 (the default). One Query; a page
 * holding a hidden post shown to a client also reads the owner (whether the caller is it).
 */
import * as z from 'zod';
import { userIdParams } from '../../common/schemas/posts';
import { defineHandler } from '../api/http';
import { pageReply, wholeListQuery } from '../api/paging';
import { listPostsOfUser } from '../data/posts';
import { toPostDto } from '../domain/posts';
import { visibleTo } from '../domain/moderation';
import { getUserById } from '../data/users';

export const handler = defineHandler('listUserPosts', {
  params: userIdParams,
  query: z.object(wholeListQuery),
  run: async ({ caller, params, query }) => {
    const page = await listPostsOfUser(params.userId, query);
    // Hidden posts only for their owner and moderators; a page may come out shorter by the hidden posts in
    // it, the cursor still continues after them (docs/access-patterns.md, "Moderation").
    const ownerNeeded = !caller.moderator && page.items.some((p) => p.hidden);
    const ownerSub = ownerNeeded ? (await getUserById(params.userId))?.cognitoId : undefined;
    return pageReply(
      visibleTo(page.items, caller, ownerSub).map((p) => toPostDto(p)),
      page.nextCursor,
    );
  },
});
