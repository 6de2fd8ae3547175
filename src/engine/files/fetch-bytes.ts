/**
 * A file fetched with a report of the bytes received so far, for the page's loading bar: `total`
 * is the response's Content-Length when the body arrives as it is stored (no Content-Encoding, so
 * the length counts the same bytes as the stream), and null otherwise; at the end the bytes
 * received are the total.
 */
export async function fetchBytes(
  url: URL,
  onBytes: (done: number, total: number | null) => void,
): Promise<{ ok: true; bytes: Uint8Array } | { ok: false; status: number }> {
  const res = await fetch(url);
  if (!res.ok) return { ok: false, status: res.status };
  const length = Number(res.headers.get('content-length'));
  const total = !res.headers.get('content-encoding') && length > 0 ? length : null;
  onBytes(0, total);
  if (!res.body) {
    const bytes = new Uint8Array(await res.arrayBuffer());
    onBytes(bytes.length, bytes.length);
    return { ok: true, bytes };
  }
  const chunks: Uint8Array[] = [];
  let done = 0;
  const reader = res.body.getReader();
  for (;;) {
    const next = await reader.read();
    if (next.done) break;
    chunks.push(next.value);
    done += next.value.length;
    onBytes(done, total);
  }
  const bytes = new Uint8Array(done);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.length;
  }
  if (total !== done) onBytes(done, done);
  return { ok: true, bytes };
}
