/**
 * GET /ideas?room=&style=&town=&service=&business=&limit=&cursor=: ideas newest first, paged, by one of the shapes of
 * common/ideas.ts IDEA_LIST_SHAPES, each ONE Query of its own partition (docs/access-patterns/ideas.md): the
 * gallery's entries carry what a tile shows, a business's ideas are its GSI1 list. Ideas of a business that is hidden,
 * suspended or closed are left out (a page may be shorter than `limit`; its cursor goes on after it); a business
 * sees all of its own, hidden ones with their mark, and how many boards hold each.
 */
import { ideasQuery } from '../../common/schemas/ideas';
import { defineHandler } from '../api/http';
import { pageReply } from '../api/paging';
import { listGallery, listIdeasOfBusiness } from '../data/ideas';
import { shownIdeas, toIdeaDto } from '../domain/ideas';

export const handler = defineHandler('listIdeas', {
  query: ideasQuery,
  run: async ({ caller, query }) => {
    const page = { limit: query.limit, cursor: query.cursor };
    if (query.business !== undefined) {
      const own = await listIdeasOfBusiness(query.business, page);
      const mine = own.items[0]?.businessSub === caller.sub || caller.moderator;
      const items = mine ? own.items : await shownIdeas(own.items);
      return pageReply(
        items.map((i) => toIdeaDto(i, caller)),
        own.nextCursor,
      );
    }
    const gallery = await listGallery(query, page);
    return pageReply(
      (await shownIdeas(gallery.items)).map((i) => toIdeaDto(i, caller)),
      gallery.nextCursor,
    );
  },
});
