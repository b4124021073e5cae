/**
 * Hands a file made in the browser to the browser's downloads, under its name: a link to an object
 * URL, clicked once. The URL is let go after the click has started the download.
 */
export function saveFile(file: Blob, filename: string): void {
  const url = URL.createObjectURL(file);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
