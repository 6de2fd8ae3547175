/** Launch options for tests on WebGPU: Chromium's SwiftShader adapter (see browser-facts.md), network closed. */
export const WEBGPU_LAUNCH = {
  executablePath: '/usr/bin/chromium',
  ignoreDefaultArgs: ['--headless'],
  args: [
    '--headless=new',
    '--no-sandbox',
    '--enable-unsafe-webgpu',
    '--enable-features=Vulkan',
    '--use-vulkan=swiftshader',
    '--use-webgpu-adapter=swiftshader',
    '--use-angle=swiftshader',
    '--disable-vulkan-surface',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
    '--disable-quic',
    '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE localhost',
  ],
};
