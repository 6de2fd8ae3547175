import { UNIPO_FILE_NAME } from '../../engine/files/unipo';

/** Hand bytes to the browser as a file download. */
export function downloadBytes(bytes: Uint8Array, name: string, type: string): void {
  downloadBlob(new Blob([bytes as BlobPart], { type }), name);
}

/** Hand a blob to the browser as a file download named `name`. */
export function downloadBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** Hand a run log in UNIPO's format (src/engine/files/unipo.ts) to the browser as `agent0-lab-unipo.json`. */
export function downloadUnipo(text: string): void {
  downloadBytes(new TextEncoder().encode(text), UNIPO_FILE_NAME, 'application/json');
}
