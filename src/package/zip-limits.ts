import { fail } from '../core/errors.js';

/** Hard limits for zip extraction, checked on declared sizes; inflation never passes a declared size. */
export interface ZipLimits {
  maxEntries: number;
  maxTotalBytes: number;
  maxEntryBytes: number;
  /** Uncompressed : compressed, for entries above RATIO_MIN_BYTES and for the whole archive. */
  maxCompressionRatio: number;
}

export const DEFAULT_ZIP_LIMITS: Readonly<ZipLimits> = Object.freeze({
  maxEntries: 20_000,
  maxTotalBytes: 2 * 1024 ** 3,
  maxEntryBytes: 1024 ** 3,
  maxCompressionRatio: 200,
});

/** Small, highly repetitive files (blank JSON, padded text) legitimately compress far beyond 200:1. */
export const RATIO_MIN_BYTES = 1024 ** 2;

export function resolveZipLimits(overrides: Partial<ZipLimits> = {}): ZipLimits {
  const limits = { ...DEFAULT_ZIP_LIMITS };
  for (const key of Object.keys(DEFAULT_ZIP_LIMITS) as (keyof ZipLimits)[]) {
    const value = overrides[key];
    if (value === undefined) continue;
    if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0) {
      fail('INTERNAL_ERROR', `Zip limit ${key} must be a positive finite number, got ${String(value)}.`, {
        limit: key,
        value,
      });
    }
    limits[key] = value;
  }
  return limits;
}

/** True when `bytes` inflated out of `compressed` breaks the ratio limit. */
export function exceedsRatio(bytes: number, compressed: number, limits: ZipLimits): boolean {
  return bytes > RATIO_MIN_BYTES && bytes / Math.max(compressed, 1) > limits.maxCompressionRatio;
}
