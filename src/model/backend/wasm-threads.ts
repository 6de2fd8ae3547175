/**
 * Which tfjs-backend-wasm build the page's workers load: the threaded SIMD build only where its
 * pool gets more than one thread and the browser can start it; the SIMD build without threads
 * otherwise.
 *
 * tfjs sizes the threaded build's pool from the logical cores (tfjs-backend-wasm's backend.cc):
 *
 *   threads = min(max(⌊cores / 2⌋, 1), 8)
 *
 * so below 4 cores the pool is one thread and the threaded build gains nothing; it still pays for
 * shared memory (every access to the heap from JavaScript checks whether it grew) and starts eight
 * pthread workers. On a 2-core machine the model's work in a classroom iteration took 9 % less time
 * in the tab with the build without threads (`npm run bench -- tab`, docs/performance.md). Firefox gets the
 * build without threads whatever its cores (served-wasm.ts says why).
 */
import { isGecko } from './gecko';

/** Threads of tfjs's pool in its threaded build on a machine with `cores` logical cores. */
export function poolThreads(cores: number): number {
  return Math.min(Math.max(Math.floor(cores / 2), 1), 8);
}

/** Why the build without threads is loaded: Firefox, or a pool of one thread. */
export type SingleThreadReason = 'gecko' | 'one-thread';

/** Why this browser gets the build without threads, or null when it gets the threaded one. */
export function singleThreadReason(userAgent: string, cores: number): SingleThreadReason | null {
  if (isGecko(userAgent)) return 'gecko';
  return poolThreads(cores) < 2 ? 'one-thread' : null;
}

/** Whether this browser's page asks its workers for the threaded build (called by the page). */
export function pageWantsWasmThreads(): boolean {
  return singleThreadReason(navigator.userAgent, navigator.hardwareConcurrency) === null;
}
