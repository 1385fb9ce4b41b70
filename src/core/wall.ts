// The run's root, when it has one (the MCP server's): nothing outside that folder is read,
// whatever imports or a tsconfig say.

import { realpathSync } from 'node:fs';
import path from 'node:path';

/** Is the file (or folder) inside the root, after following links? Always, without a root. */
export function insideRoot(root: string | undefined): (file: string) => boolean {
  if (!root) return () => true;
  return (file) => {
    let real: string;
    try {
      real = realpathSync(file);
    } catch {
      real = file;
    }
    const rel = path.relative(root, real);
    return rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel));
  };
}
