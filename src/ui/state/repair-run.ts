/** The recorded repair ablation served with the app (fetched at run time, never bundled). */
import { asRepairRun, type RepairRunFile } from '../lib/repair-record';

export const REPAIR_RUN_URL = `${import.meta.env.BASE_URL}runs/repair-ablation.json`;

/** Fetch and check the recorded ablation; throws a message that says what is wrong. */
export async function fetchRepairRun(url: string = REPAIR_RUN_URL): Promise<RepairRunFile> {
  const res = await fetch(url);
  if (!res.ok) throw new Error(`The recorded ablation ${url} is missing (HTTP ${res.status}). Create it with npx tsx scripts/simulate-repair.ts --out public${url}.`);
  let data: unknown;
  try {
    data = await res.json();
  } catch {
    throw new Error(`The recorded ablation ${url} is not valid JSON.`);
  }
  return asRepairRun(data);
}
