declare module "virtual:playa-api-reference" {
	/** The API reference made at build time (scripts/api-reference.mjs). */
	const reference: import("./reference-search.ts").ApiReference;
	export default reference;
}
