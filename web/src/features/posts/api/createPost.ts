/** POST /post: create a client's post. Images are stored keys; budget an integer. */
import { api } from '../../../lib/api';

export interface NewPost {
  userId: string;
  title: string;
  category: string[];
  location: string;
  budget?: number;
  content: string;
  images: string[];
}

export const createPost = (post: NewPost) => api.post<unknown>('/post', post);
