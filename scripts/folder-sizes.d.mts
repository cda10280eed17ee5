export declare const MOST_FILES: number;
export declare function crowdedFolders(paths: readonly string[], most?: number): { folder: string; count: number }[];
