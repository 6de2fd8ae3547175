/** Strips BROWSER_GLOBALS in a real worker and reports what each name was before and after. */
import { BROWSER_GLOBALS, stripGlobals } from '../../../src/sandbox/harden.ts';

const post = self.postMessage.bind(self);
const scope = globalThis as unknown as Record<string, unknown>;
const before = Object.fromEntries(BROWSER_GLOBALS.map((name) => [name, typeof scope[name]]));
// What a program could have kept a handle to is not the point here: the names must be gone.
stripGlobals(BROWSER_GLOBALS);
const after = Object.fromEntries(BROWSER_GLOBALS.map((name) => [name, typeof scope[name]]));
let fontLoad = 'no FontFace';
try {
  const Face = scope.FontFace as (new (family: string, source: string) => unknown) | undefined;
  if (Face) fontLoad = `constructed ${typeof new Face('x', 'url(https://example.invalid/x.woff2)')}`;
} catch (err) {
  fontLoad = String(err);
}
post({ before, after, fontLoad });
