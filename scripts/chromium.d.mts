export declare function chromiumPath(): string;
/** Chromium's headless shell for the browser journeys where one is installed, else chromiumPath(). */
export declare function headlessShellPath(): string;
