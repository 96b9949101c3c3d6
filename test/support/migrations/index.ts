/**
 * Two sample migrations for the runner's tests (test/integration/migrations.test.ts), listed as lambdas/migrations/
 * lists the product's: in the list out of order, so the runner's own ordering (by id) is what the tests see.
 */
import type { Migration } from '../../../lambdas/domain/migrations';
import { markSamples } from './2026-01-01-mark-samples';
import { numberMarkedSamples } from './2026-01-02-number-marked-samples';

export const SAMPLE_MIGRATIONS: readonly Migration[] = [numberMarkedSamples, markSamples];
