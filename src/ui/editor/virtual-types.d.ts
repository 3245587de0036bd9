declare module "virtual:playa-editor-types" {
	/** Virtual path → file text: the editor worker's type bundle. */
	const files: Record<string, string>;
	export default files;
}
