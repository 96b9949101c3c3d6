/** GET /post/suggested (business): 3 posts, the business's categories first. */
import type { Post } from '../../../../../common/types';
import { api } from '../../../lib/api';

export const fetchSuggestedPosts = () => api.get<Post[]>('/post/suggested');
