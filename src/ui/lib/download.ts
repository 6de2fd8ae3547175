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
