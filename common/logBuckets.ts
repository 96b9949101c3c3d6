/**
 * Counting positive values (prices, waiting times) in buckets of relative width, so a percentile can be read from a
 * bounded set of counts instead of the values themselves (the price guide; the operator's time to a first offer).
 *
 * With accuracy a, bucket i holds the values in (g^(i-1), g^i] with g = (1 + a) / (1 - a). Its middle 2 g^i / (g + 1)
 * is at most a fraction a away from any value in it, so a percentile read from the counts is within a of the exact
 * (nearest-rank) percentile of the values counted: the bucket holding the k-th smallest value is the one where the
 * running count reaches k.
 */

/** Bucket -> how many values it holds. */
export type BucketCounts = Map<number, number>;

export interface LogBuckets {
  /** The bucket a (positive) value is counted in. */
  bucketOf(value: number): number;
  /** The value a bucket stands for (its middle, in relative terms). */
  bucketValue(bucket: number): number;
  /** The nearest-rank q-percentile (0 < q <= 1) of the counted values, as its bucket's value; undefined when empty. */
  percentile(counts: BucketCounts, q: number): number | undefined;
}

export function logBuckets(accuracy: number): LogBuckets {
  const growth = (1 + accuracy) / (1 - accuracy);
  const logGrowth = Math.log(growth);
  const bucketValue = (bucket: number) => (2 * Math.pow(growth, bucket)) / (growth + 1);
  return {
    bucketOf(value) {
      const i = Math.ceil(Math.log(value) / logGrowth);
      // Guard the floating-point edge: a value exactly on a bound belongs to the lower bucket.
      return value <= Math.pow(growth, i - 1) ? i - 1 : i;
    },
    bucketValue,
    percentile(counts, q) {
      const sorted = [...counts.entries()].filter(([, n]) => n > 0).sort(([a], [b]) => a - b);
      const total = sorted.reduce((s, [, n]) => s + n, 0);
      if (total === 0) return undefined;
      const rank = Math.max(1, Math.ceil(q * total));
      let seen = 0;
      for (const [bucket, n] of sorted) {
        seen += n;
        if (seen >= rank) return bucketValue(bucket);
      }
      return bucketValue(sorted[sorted.length - 1][0]);
    },
  };
}

/** The exact nearest-rank percentile of a list of values (what the buckets approximate; used by the tests). */
export function exactPercentile(values: number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(1, Math.ceil(q * sorted.length)) - 1];
}
