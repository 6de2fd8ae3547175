/**
 * First-visit section of `npm run bench` (`npm run bench -- first-visit`): what a device downloads
 * and stores when it opens the live page (in English and in Korean) and the replay page of the production build for the first
 * time and once more (scripts/first-visit/measure.ts), served the way README's "Deploying" says.
 * The build is made into dist-first-visit/ each run (a minute: the precompressed copies).
 */
import { build } from 'vite';
import { describeFirstVisit, measureFirstVisit, type Visit } from '../first-visit/measure';

export const name = 'first-visit';
/** Bytes, not speed: run when named. */
export const optIn = true;
/** A build, then two visits of each page, each ending after 10 quiet seconds. */
export const boundSeconds = 900;

const OUT_DIR = 'dist-first-visit';
const MB = (n: number): number => Math.round(n / 1e4) / 100;
const figures = (v: Visit) => ({
  wireMB: MB(v.wireBytes),
  storedMB: MB(v.storedBytes),
  httpCacheMB: MB(v.httpCacheBytes),
  originMB: MB(v.originBytes),
});

export async function run(report: (figures: Record<string, unknown>) => void): Promise<Record<string, unknown>> {
  await build({ logLevel: 'warn', build: { outDir: OUT_DIR, emptyOutDir: true } });
  const out: Record<string, unknown> = {};
  for (const [key, address] of [
    ['live', '/'],
    ['liveKorean', '/?lang=ko'],
    ['replay', '/?mode=replay'],
  ] as const) {
    const v = await measureFirstVisit(OUT_DIR, address);
    process.stderr.write(`${describeFirstVisit(v)}\n`);
    out[key] = { first: figures(v.first), second: figures(v.second) };
    report(out);
  }
  return out;
}
