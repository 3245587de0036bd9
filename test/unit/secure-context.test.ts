import { afterEach, describe, expect, it } from "vitest";
import { provideSecureContextMembers } from "../../src/runtime/secure-context.ts";

describe("the runtime worker's stand-in for crypto.randomUUID (opaque-origin workers are not secure contexts)", () => {
	// Node's own is on the prototype; each test shadows it with an own property, removed after.
	afterEach(() => void delete (crypto as { randomUUID?: unknown }).randomUUID);

	it("makes distinct version-4 UUIDs where the context has none", () => {
		Object.defineProperty(crypto, "randomUUID", { value: undefined, configurable: true, writable: true });
		provideSecureContextMembers();
		const ids = new Set(Array.from({ length: 200 }, () => crypto.randomUUID()));
		expect(ids.size).toBe(200);
		for (const id of ids) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
	});

	it("leaves the context's own where it exists", () => {
		const own = () => "00000000-0000-4000-8000-000000000000" as const;
		Object.defineProperty(crypto, "randomUUID", { value: own, configurable: true, writable: true });
		provideSecureContextMembers();
		expect(crypto.randomUUID).toBe(own);
	});
});
