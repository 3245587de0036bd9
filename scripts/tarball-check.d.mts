export interface Ran {
	title: string;
	code: number;
	output: string;
}
export declare function consumerLock(
	tarball: string,
	integrity: string,
): { name: string; lockfileVersion: 3; requires: true; packages: Record<string, Record<string, unknown>> };
export declare function undeclaredImports(installed: string): Promise<string[]>;
export declare function checkTarball(options?: { say?: (line: string) => void; keep?: boolean }): Promise<{
	folder: string;
	files: string[];
	install: Ran;
	undeclared: string[];
	record: Ran;
	matches: Ran;
	diverges: Ran;
	broken: Ran;
}>;
