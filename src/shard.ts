// `--shard i/n`: split the files of one run over n CI jobs, the same way on every machine.
//
// Each file goes to the shard that scores highest for it (rendezvous hashing over its relative
// path), so the split depends only on the path: adding or removing a file moves no other file, and
// changing n moves only about 1/n of them.
import path from 'node:path';
import { UsageError } from './errors.js';

export interface Shard {
  /** 1-based */
  index: number;
  total: number;
}

export function parseShard(value: string): Shard {
  const m = /^\s*(\d+)\s*\/\s*(\d+)\s*$/.exec(value);
  const index = m ? Number(m[1]) : NaN;
  const total = m ? Number(m[2]) : NaN;
  if (!m || !Number.isSafeInteger(index) || !Number.isSafeInteger(total) || total < 1 || index < 1 || index > total) {
    throw new UsageError(`--shard must be i/n with 1 <= i <= n (e.g. 2/4), got "${value}"`);
  }
  return { index, total };
}

/** FNV-1a over UTF-16 code units, then a murmur3 finaliser for good mixing; unsigned 32 bits. */
export function hash32(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** The 1-based shard a (relative, posix) path belongs to among n. */
export function shardOf(relPath: string, total: number): number {
  let best = 1;
  let bestScore = -1;
  for (let k = 1; k <= total; k++) {
    const score = hash32(`${k}\u0000${relPath}`);
    if (score > bestScore) {
      best = k;
      bestScore = score;
    }
  }
  return best;
}

/**
 * The files of shard `index` of `total`, sorted. The hash is of each path relative to `cwd` (posix
 * separators) when `cwd` is given, else of the path as given, so pass `cwd` for absolute paths:
 * shards then agree across machines whose checkouts live in different folders.
 */
export function selectShard(files: string[], index: number, total: number, cwd?: string): string[] {
  if (!Number.isInteger(total) || total < 1 || !Number.isInteger(index) || index < 1 || index > total) {
    throw new UsageError(`--shard must be i/n with 1 <= i <= n, got ${index}/${total}`);
  }
  const key = (f: string) => (cwd === undefined ? f : path.relative(cwd, f)).split(path.sep).join('/');
  return [...new Set(files)]
    .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
    .filter((f) => shardOf(key(f), total) === index);
}
