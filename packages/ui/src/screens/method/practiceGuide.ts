/**
 * The practice guide download: a text file made in the browser from a Blob, with no request
 * (docs/product/screens.md#method).
 */
import { PRACTICE_GUIDE_FILENAME, PRACTICE_GUIDE_TEXT } from '../../content';

export function createPracticeGuide(): Blob {
  return new Blob([PRACTICE_GUIDE_TEXT], { type: 'text/plain;charset=utf-8' });
}

/** Saves a Blob under a file name through a temporary object URL and link. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked on the next tick: some browsers read the URL only after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

export function downloadPracticeGuide(): void {
  saveBlob(createPracticeGuide(), PRACTICE_GUIDE_FILENAME);
}
