/** Hands a blob to the browser's download under its file name. */
export function saveFile(blob: Blob, filename: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked on the next tick: the download has taken the URL by then.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
