/**
 * Fetch a recording served with the app (never bundled) and parse it as JSON. Errors say what is
 * wrong and which command writes the file (`command` is followed by `--out public<url>`).
 */
export async function fetchRecording(url: string, what: string, command: string): Promise<unknown> {
  const res = await fetch(url);
  if (!res.ok)
    throw new Error(
      `The ${what} ${url} is missing (HTTP ${res.status}). Create it with ${command} --out public${url}.`,
    );
  try {
    return await res.json();
  } catch {
    throw new Error(`The ${what} ${url} is not valid JSON.`);
  }
}
