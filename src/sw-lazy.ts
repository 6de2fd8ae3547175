/**
 * What the service worker (src/sw.ts) does not precache: files only one view or one browser needs,
 * fetched when the page first asks for them and kept then, so a first visit stores what it used.
 * - Files under `assets/` (hashed names: font subsets, tfjs binaries) go into Cache Storage
 *   (`ON_DEMAND_CACHE`), small and never stale; a new version drops those its manifest lacks.
 * - The others (Python, the recordings, the models: fixed names) stay in the browser's HTTP cache as
 *   the server sent them (compressed, revalidated online: README, Deploying), and the worker answers
 *   from that cache with the network down. A copy in Cache Storage would hold each again,
 *   decompressed (Python alone 13.5 MB).
 */

/** A Workbox manifest entry (vite-plugin-pwa fills `self.__WB_MANIFEST` with them). */
export type ManifestEntry = { url: string; revision: string | null } | string;

/**
 * Paths (relative to the service worker) fetched on demand, each with who asks for it:
 * - `pyodide/`: Python (13.5 MB), for the live labs' tool calls; the replay never starts it.
 * - `runs/`: each recording when its view opens (the classroom run, the compare pair, the one-change
 *   runs, the ablations).
 * - `models/`: each lab's model when that lab starts.
 * - the Korean font's subsets: the browser fetches only those whose characters a page shows.
 * - tfjs's WASM binaries: a browser uses one of the three.
 */
export const LAZY_PATHS: readonly RegExp[] = [
  /^pyodide\//,
  /^runs\//,
  /^models\//,
  /^assets\/noto-sans-kr-[\w-]+\.woff2$/,
  /^assets\/tfjs-backend-wasm[\w-]*\.wasm$/,
];

const urlOf = (entry: ManifestEntry): string => (typeof entry === 'string' ? entry : entry.url);

/** The Cache Storage cache of the on-demand files with hashed names. */
export const ON_DEMAND_CACHE = 'agent0-on-demand';

/** Whether a manifest path is fetched on demand rather than precached. */
export function isLazy(path: string): boolean {
  return LAZY_PATHS.some((p) => p.test(path));
}

/** The manifest split in two: what the worker precaches, and what is fetched when first asked for. */
export function splitManifest(entries: readonly ManifestEntry[]): {
  precache: ManifestEntry[];
  lazy: ManifestEntry[];
} {
  return {
    precache: entries.filter((e) => !isLazy(urlOf(e))),
    lazy: entries.filter((e) => isLazy(urlOf(e))),
  };
}

/** The absolute URLs of the on-demand files with hashed names (under `assets/`), kept in `ON_DEMAND_CACHE`. */
export function hashedOnDemand(lazy: readonly ManifestEntry[], base: string): Set<string> {
  return new Set(
    lazy
      .map(urlOf)
      .filter((u) => u.startsWith('assets/'))
      .map((u) => new URL(u, base).href),
  );
}
