/** The two workers of a service-worker registration this page looks at. */
export interface WorkerSlots {
  active: object | null;
  waiting: object | null;
}

/**
 * A new version waits for a reload when the registration holds a waiting worker next to an active
 * one. vite-plugin-pwa also reports the first version as "needing refresh" in a second tab opened
 * while the first tab's worker was still installing (workbox-window calls it an external install);
 * that worker has no active predecessor, so it is not an update and nothing is announced.
 */
export function updateWaits(registration: WorkerSlots | undefined): boolean {
  return registration !== undefined && registration.waiting !== null && registration.active !== null;
}
