/**
 * What extensions get for the three scopes' `pi-ai`: pi-ai's compat entry plus TypeBox's `Type` and a `StringEnum`,
 * the same view upstream pi gives its extensions.
 */
import { Type } from "typebox";

export * from "@earendil-works/pi-ai/compat";
export { Type };

/** A `{ type: "string", enum }` schema that providers without anyOf/const support accept. */
export function StringEnum<T extends readonly string[]>(values: T, options?: { description?: string; default?: T[number] }) {
	return Type.Unsafe<T[number]>({
		type: "string",
		enum: values,
		...(options?.description && { description: options.description }),
		...(options?.default && { default: options.default }),
	});
}
