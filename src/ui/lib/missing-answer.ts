/** Whether a fetched file served with the app is really there. */
import type { MissingAnswer } from '../../core/problems';

/**
 * `null` when `res` holds the file; otherwise how the server said it is missing: the status of a
 * failed answer, or `web-page` for a 200 whose body is an HTML page (vite's servers and many static
 * hosts answer a path they do not have with the app's index.html, which would otherwise be read as
 * a file that is "not valid JSON").
 */
export function missingAnswer(res: Response): MissingAnswer | null {
  if (!res.ok) return res.status;
  return /^text\/html\b/i.test(res.headers.get('content-type') ?? '') ? 'web-page' : null;
}
