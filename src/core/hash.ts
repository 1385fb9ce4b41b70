// The SHA-1 hex digest the cache keys texts and files by. A module of its own, with only Node's
// crypto behind it: bin/migrate-check.js loads src/cache/location.ts, which names a cache file
// in a shared folder by it, before the command's own modules.
import { createHash } from 'node:crypto';

export const sha1 = (text: string | Uint8Array): string => createHash('sha1').update(text).digest('hex');
