/** How the page names a tfjs backend ("webgpu" → "WebGPU"); unknown names pass through. */
const LABELS: Record<string, string> = { webgpu: 'WebGPU', webgl: 'WebGL', wasm: 'WASM', cpu: 'CPU' };

export function backendLabel(name: string): string {
  return LABELS[name] ?? name;
}

/**
 * The known reasons a backend is skipped (the words of src/model/backend.ts), so the page can say
 * them in its own language; any other reason is the browser's or tfjs's own message, shown as is.
 */
export type SkipReason = 'no-webgpu' | 'no-adapter';

export function skipReason(reason: string): SkipReason | null {
  if (reason.startsWith('navigator.gpu is missing')) return 'no-webgpu';
  if (reason.startsWith('requestAdapter() returned no adapter')) return 'no-adapter';
  return null;
}
