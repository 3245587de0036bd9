/** `node:crypto`: `randomUUID`, `randomBytes`, `getRandomValues`, and `createHash`/`createHmac` (md5, sha1, sha2) from @noble/hashes. */
import { hmac } from "@noble/hashes/hmac.js";
import { md5, sha1 } from "@noble/hashes/legacy.js";
import { sha224, sha256, sha384, sha512 } from "@noble/hashes/sha2.js";
import { Buffer } from "buffer";
import { unsupported } from "./support/backend.ts";

const HASHES = { md5, sha1, sha224, sha256, sha384, sha512 } as const;
type HashName = keyof typeof HASHES;
type Input = string | Uint8Array;

function hashOf(algorithm: string): (typeof HASHES)[HashName] {
	const name = algorithm.toLowerCase().replace(/-/g, "") as HashName;
	if (!Object.hasOwn(HASHES, name))
		throw Object.assign(new Error(`Digest method not supported: ${algorithm} (Playa has ${Object.keys(HASHES).join(", ")})`), {
			code: "ERR_CRYPTO_INVALID_DIGEST",
		});
	return HASHES[name];
}

const bytesOf = (data: Input, encoding?: BufferEncoding) => (typeof data === "string" ? Buffer.from(data, encoding ?? "utf8") : data);

class Hash {
	constructor(private readonly state: { update(data: Uint8Array): unknown; digest(): Uint8Array }) {}

	update(data: Input, encoding?: BufferEncoding): this {
		this.state.update(bytesOf(data, encoding));
		return this;
	}

	digest(encoding?: BufferEncoding): Buffer | string {
		const digest = Buffer.from(this.state.digest());
		return encoding ? digest.toString(encoding) : digest;
	}
}

export function createHash(algorithm: string): Hash {
	return new Hash(hashOf(algorithm).create());
}

export function createHmac(algorithm: string, key: Input): Hash {
	return new Hash(hmac.create(hashOf(algorithm), bytesOf(key)));
}

export function randomBytes(size: number, callback?: (error: Error | null, bytes: Buffer) => void): Buffer | undefined {
	const bytes = Buffer.alloc(size);
	for (let at = 0; at < size; at += 65536) globalThis.crypto.getRandomValues(bytes.subarray(at, Math.min(size, at + 65536)));
	if (!callback) return bytes;
	queueMicrotask(() => callback(null, bytes));
	return undefined;
}

export const randomUUID = () => globalThis.crypto.randomUUID();
export const getRandomValues = <T extends ArrayBufferView>(array: T) => globalThis.crypto.getRandomValues(array as never) as T;
export function randomInt(min: number, max?: number): number {
	const [low, high] = max === undefined ? [0, min] : [min, max];
	return low + Math.floor((globalThis.crypto.getRandomValues(new Uint32Array(1))[0] / 2 ** 32) * (high - low));
}
export const webcrypto = globalThis.crypto;
export const subtle = globalThis.crypto?.subtle;
export const getHashes = () => Object.keys(HASHES);
export const createCipheriv = unsupported("crypto.createCipheriv", "use crypto.subtle");
export const createDecipheriv = unsupported("crypto.createDecipheriv", "use crypto.subtle");
export const createSign = unsupported("crypto.createSign", "use crypto.subtle");
export const createVerify = unsupported("crypto.createVerify", "use crypto.subtle");
export const generateKeyPairSync = unsupported("crypto.generateKeyPairSync", "use crypto.subtle");

export default {
	createHash,
	createHmac,
	randomBytes,
	randomUUID,
	getRandomValues,
	randomInt,
	webcrypto,
	subtle,
	getHashes,
	createCipheriv,
	createDecipheriv,
	createSign,
	createVerify,
	generateKeyPairSync,
};
