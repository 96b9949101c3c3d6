/** API shape of a post: image keys become CDN addresses, storage detail is dropped. */
import type { Post } from '../../common/types';
import type { StoredPost } from '../data/openPosts';
import { imageUrls } from '../lib/images';

export function toPostDto(stored: StoredPost): Post {
  return {
    _id: stored._id,
    userId: stored.userId,
    title: stored.title,
    ...(stored.content ? { content: stored.content } : {}),
    images: imageUrls(stored.images),
    category: stored.category ?? [],
    location: stored.location,
    ...(typeof stored.budget === 'number' ? { budget: stored.budget } : {}),
    createdAt: stored.createdAt,
    status: stored.status,
    ...(stored.clientName ? { clientName: stored.clientName } : {}),
  };
}
