/** Hands a blob to the browser as a file to save, under `fileName`. */
export function saveBlobFile(fileName: string, blob: Blob): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  URL.revokeObjectURL(url);
}

/** Hands a JSON text to the browser as a file to save, under `fileName`. */
export function saveJsonFile(fileName: string, text: string): void {
  saveBlobFile(fileName, new Blob([text], { type: 'application/json' }));
}
