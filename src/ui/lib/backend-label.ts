/** How the page names a tfjs backend ("webgpu" → "WebGPU"); unknown names pass through. */
const LABELS: Record<string, string> = { webgpu: 'WebGPU', webgl: 'WebGL', wasm: 'WASM', cpu: 'CPU' };

export function backendLabel(name: string): string {
  return LABELS[name] ?? name;
}
