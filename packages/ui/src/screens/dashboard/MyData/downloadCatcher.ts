/**
 * For stories and tests: catches the files the page hands to the browser's downloads (an object
 * URL on a clicked <a download>) instead of letting the browser save them.
 */
import { spyOn } from 'storybook/test';

export interface CaughtFile {
  name: string;
  file: Blob;
}

export function catchDownloads() {
  const files: CaughtFile[] = [];
  const blobs = new Map<string, Blob>();
  const create = spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
    const url = `blob:caught-${blobs.size}`;
    blobs.set(url, blob as Blob);
    return url;
  });
  const revoke = spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
  const click = spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    const file = blobs.get(this.getAttribute('href') ?? '');
    if (file) files.push({ name: this.download, file });
  });
  return {
    files,
    restore() {
      create.mockRestore();
      revoke.mockRestore();
      click.mockRestore();
    },
  };
}
