/** The device's static server: `/` is index.html, a query is ignored, nothing outside the folder is served. */
import { describe, expect, it } from 'vitest';
import { fileFor } from '../../../../scripts/device/static-server';

describe('fileFor', () => {
  it('maps the root and paths with queries into the folder', () => {
    expect(fileFor('/srv/dist', '/')).toBe('/srv/dist/index.html');
    expect(fileFor('/srv/dist', '/?preset=classroom&backend=wasm')).toBe('/srv/dist/index.html');
    expect(fileFor('/srv/dist', '/assets/a%20b.js')).toBe('/srv/dist/assets/a b.js');
  });
  it('keeps a path that climbs, plainly or encoded, inside the folder', () => {
    for (const url of ['/../secret', '/%2e%2e/secret', '/assets/%2e%2e/%2e%2e/secret', '/..%2f..%2fsecret'])
      expect(fileFor('/srv/dist', url)).toBe('/srv/dist/secret');
  });
});
