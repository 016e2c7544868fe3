/** Where the package's own build puts the console's browser code (the service reads it from there). */
export declare const CONSOLE_ASSETS_DIR: string;
/** Builds the console's loader and islands into `outdir` (emptied first); answers the files written, the loader first. */
export declare function buildConsoleClient(outdir?: string): Promise<string[]>;
