/** GET /category/all: every category as {_id, name} (pattern 4). */
import { defineHandler } from '../api/http';
import { listCategories } from '../data/categories';

export const handler = defineHandler('listCategories', { run: () => listCategories() });
