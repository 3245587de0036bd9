/** `node:zlib`'s synchronous forms from fflate (gzip, deflate, raw deflate); streams are not offered. */
import { Buffer } from "buffer";
import { deflateSync as deflate, gunzipSync as gunzip, gzipSync as gzip, inflateSync as inflate, unzlibSync, zlibSync } from "fflate";
import { unsupported } from "./support/backend.ts";

const bytes = (data: string | Uint8Array) => (typeof data === "string" ? Buffer.from(data) : data);
const wrap = (run: (data: Uint8Array) => Uint8Array) => (data: string | Uint8Array) => Buffer.from(run(bytes(data)));

export const gzipSync = wrap((data) => gzip(data));
export const gunzipSync = wrap((data) => gunzip(data));
export const deflateSync = wrap((data) => zlibSync(data));
export const inflateSync = wrap((data) => unzlibSync(data));
export const deflateRawSync = wrap((data) => deflate(data));
export const inflateRawSync = wrap((data) => inflate(data));
export const unzipSync = wrap((data) => (data[0] === 0x1f && data[1] === 0x8b ? gunzip(data) : unzlibSync(data)));
export const createGzip = unsupported("zlib.createGzip", "use zlib.gzipSync");
export const createGunzip = unsupported("zlib.createGunzip", "use zlib.gunzipSync");
export const brotliCompressSync = unsupported("zlib.brotliCompressSync", "no brotli implementation is loaded");
export const brotliDecompressSync = unsupported("zlib.brotliDecompressSync", "no brotli implementation is loaded");
export default {
	gzipSync,
	gunzipSync,
	deflateSync,
	inflateSync,
	deflateRawSync,
	inflateRawSync,
	unzipSync,
	createGzip,
	createGunzip,
	brotliCompressSync,
	brotliDecompressSync,
};
