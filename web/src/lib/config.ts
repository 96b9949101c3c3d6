/**
 * The stage's runtime settings, fetched once from /config.json (written by `npm start` locally and by
 * the CDK deployment in the cloud), so the same build serves every stage.
 */
import type { RuntimeConfig } from '../../../common/types';

let loaded: RuntimeConfig | undefined;

export async function loadConfig(): Promise<RuntimeConfig> {
  if (loaded) return loaded;
  const res = await fetch('/config.json', { cache: 'no-store' });
  if (!res.ok) throw new Error(`Could not load /config.json (${res.status})`);
  loaded = (await res.json()) as RuntimeConfig;
  return loaded;
}

/** The loaded settings; only valid after loadConfig() resolved (main.tsx awaits it before rendering). */
export function getConfig(): RuntimeConfig {
  if (!loaded) throw new Error('Runtime config not loaded yet');
  return loaded;
}
