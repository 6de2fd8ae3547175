/**
 * `npm run build:kernels`: assembles the hand-written WebAssembly kernels (src/model/kernels/*.wat)
 * with wabt and writes each as a TypeScript module holding its bytes (base64), so that the engine
 * loads them in the page, in workers and in Node without fetching a file. A unit test assembles
 * them again and checks that the committed modules match their sources.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { assembleKernel, KERNELS, kernelModuleText } from './kernels';

for (const kernel of KERNELS) {
  const bytes = await assembleKernel(readFileSync(kernel.wat, 'utf8'));
  writeFileSync(kernel.module, kernelModuleText(kernel, bytes));
  console.log(`${kernel.module}: ${bytes.length} bytes from ${kernel.wat}`);
}
