/**
 * Hands a downloaded file to the browser as a download: an object URL on a temporary
 * `<a download>`, clicked, then taken away again.
 */
export function saveFile(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.hidden = true;
  document.body.append(link);
  try {
    link.click();
  } finally {
    link.remove();
    // Revoked once the click has been handled: the download keeps its own copy.
    setTimeout(() => URL.revokeObjectURL(url), 0);
  }
}
