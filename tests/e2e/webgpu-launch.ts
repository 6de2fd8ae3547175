/** Chromium launch options of the end-to-end tests and the browser bench (Debian's build, network closed). */

/** Flags every run gets: no background traffic, and every host but localhost unresolvable. */
export const CLOSED_NETWORK_ARGS = [
  '--no-sandbox',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
  '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE localhost',
];

/** WebGPU on Chromium's SwiftShader adapter (see browser-facts.md). */
export const WEBGPU_LAUNCH = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  ignoreDefaultArgs: ['--headless'],
  args: [
    '--headless=new',
    '--enable-unsafe-webgpu',
    '--enable-features=Vulkan',
    '--use-vulkan=swiftshader',
    '--use-webgpu-adapter=swiftshader',
    '--use-angle=swiftshader',
    '--disable-vulkan-surface',
    ...CLOSED_NETWORK_ARGS,
  ],
};
