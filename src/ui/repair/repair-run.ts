/** The recorded repair ablation served with the app. */
import { fetchRecording } from '../lib/fetch-recording';
import { asRepairRun, type RepairRunFile } from '../../repair/recording';

export const REPAIR_RUN_URL = `${import.meta.env.BASE_URL}runs/repair-ablation.json`;

/** Fetch and check the recorded ablation; throws a ProblemError that says what is wrong. */
export async function fetchRepairRun(url: string = REPAIR_RUN_URL): Promise<RepairRunFile> {
  return asRepairRun(await fetchRecording(url, 'ablation', 'npm run simulate:repair --'));
}
