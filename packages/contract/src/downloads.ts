/**
 * Files the site offers as downloads at stable paths (docs/product/screens.md#downloads: /download/two-paths-diagram opens as
 * a file download). Defined once for the real server, the mock dev server and the links to them.
 * `file` is relative to the site's public folder.
 */
export interface Download {
  path: string;
  file: string;
  filename: string;
  contentType: string;
}

export const downloads = {
  twoPathsDiagram: {
    path: '/download/two-paths-diagram',
    file: 'assets/downloads/two-paths-diagram.svg',
    filename: 'pause-reflect-retry-two-paths-diagram.svg',
    contentType: 'image/svg+xml',
  },
} as const satisfies Record<string, Download>;

export function findDownload(path: string): Download | undefined {
  return Object.values(downloads).find((download) => download.path === path);
}
