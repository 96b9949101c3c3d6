/** Types of ./ownSourceMaps.mjs (plain JavaScript, so that NodejsFunction's afterBundling command runs it with node). */
export interface SourceMapV3 {
  version: number;
  sources: string[];
  names: string[];
  mappings: string;
  sourceRoot?: string;
  [field: string]: unknown;
}

/** Whether a source (a path as the map gives it, relative to the map's folder) is a dependency's file, not ours. */
export function isDependency(source: string, mapFolder: string): boolean;

/** The map (read from `mapFolder`) with only the mappings whose source is ours. */
export function ownSourceMap(map: SourceMapV3, mapFolder: string): SourceMapV3;

/** Rewrites every source map in `folder` to its own code's mappings. */
export function keepOwnSourceMaps(folder: string): void;
