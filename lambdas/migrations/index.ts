/**
 * The data migrations of the product (docs/deploy.md "How a release changes stored data"): one file per migration in
 * this folder, named by its id (`YYYY-MM-DD-what-it-does.ts`, exporting a `Migration` of lambdas/domain/migrations.ts),
 * listed here. `cdk deploy`, `npm start` and `npm run migrate` run the pending ones, in id order. The launch baseline
 * (the data model of docs/access-patterns.md, which every stage starts with) needs none: the list starts empty.
 * test/unit/migrations.test.ts checks that every file of the folder is listed and that ids are in their files' names.
 */
import type { Migration } from '../domain/migrations';

export const MIGRATIONS: readonly Migration[] = [];
