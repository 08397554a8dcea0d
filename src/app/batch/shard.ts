/**
 * `--shard i/n`: a package belongs to shard 1 + (sha256 of its normalised path, first 8 bytes) mod n.
 * The normalised path is the path as given with backslashes turned into slashes, "./" and repeated
 * slashes removed and no trailing slash, so every machine of a CI matrix, given the same catalogue
 * arguments, splits it the same way without reading any package.
 */
import { createHash } from 'node:crypto';

export interface Shard {
  index: number;
  total: number;
}

/** null when the text is not "i/n" with 1 <= i <= n. */
export function parseShard(text: string): Shard | null {
  const m = /^(\d+)\/(\d+)$/.exec(text.trim());
  if (!m) return null;
  const index = Number(m[1]);
  const total = Number(m[2]);
  return index >= 1 && total >= 1 && index <= total && total <= 10_000 ? { index, total } : null;
}

export function normalisedPath(path: string): string {
  const slashed = path.replace(/\\/g, '/').replace(/\/{2,}/g, '/');
  const parts = slashed.split('/').filter((p, i) => p !== '.' && !(p === '' && i > 0));
  return parts.join('/').replace(/\/$/, '');
}

export function shardOf(path: string, total: number): number {
  const digest = createHash('sha256').update(normalisedPath(path)).digest();
  return Number(digest.readBigUInt64BE(0) % BigInt(total)) + 1;
}

export function inShard(path: string, shard: Shard | null): boolean {
  return shard === null || shardOf(path, shard.total) === shard.index;
}

export function shardText(shard: Shard): string {
  return `${shard.index}/${shard.total}`;
}
