/**
 * Fetch a recording served with the app (never bundled) and parse it as JSON. A ProblemError says
 * what is wrong and which command writes the file (`command` is followed by `--out public<url>`).
 */
import { ProblemError } from '../../core/problem-error';
import type { RecordingKind } from '../../core/problems';
import { missingAnswer } from './missing-answer';

export async function fetchRecording(url: string, what: RecordingKind, command: string): Promise<unknown> {
  const res = await fetch(url);
  const missing = missingAnswer(res);
  if (missing !== null) throw new ProblemError([{ kind: 'recording-missing', what, url, status: missing, command }]);
  try {
    return await res.json();
  } catch {
    throw new ProblemError([{ kind: 'recording-not-json', what, url }]);
  }
}
