// Loaded into a server under test with `node --import <this file>`: records every file or folder
// whose content the process reads (open, readFile, readdir, opendir, createReadStream, sync and
// async) when the path, with its symlinks resolved, lies under MC_SPY_WATCH. One path per line
// in MC_SPY_LOG. It changes no result: each call goes on to the real function.
import fs from 'node:fs';
import module from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const watch = process.env.MC_SPY_WATCH;
const log = process.env.MC_SPY_LOG;
if (watch && log) {
  const append = fs.appendFileSync.bind(fs);
  const realpath = fs.realpathSync.native.bind(fs);
  const toPath = (p) => {
    if (typeof p === 'string') return p;
    if (Buffer.isBuffer(p)) return p.toString('utf8');
    if (p instanceof URL) return fileURLToPath(p);
    return undefined;
  };
  const seen = (p) => {
    const s = toPath(p);
    if (s === undefined) return;
    const abs = path.resolve(s);
    let real = abs;
    try {
      real = realpath(abs);
    } catch {
      real = abs;
    }
    for (const candidate of [abs, real]) {
      const rel = path.relative(watch, candidate);
      if (rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel))) {
        append(log, `${candidate}\n`);
        return;
      }
    }
  };
  const wrap = (obj, name) => {
    const original = obj[name];
    if (typeof original !== 'function') return;
    obj[name] = function (p, ...rest) {
      seen(p);
      return original.call(this, p, ...rest);
    };
  };
  for (const name of ['openSync', 'open', 'readFileSync', 'readFile', 'readdirSync', 'readdir', 'opendirSync', 'opendir', 'createReadStream']) wrap(fs, name);
  for (const name of ['open', 'readFile', 'readdir', 'opendir']) wrap(fs.promises, name);
  module.syncBuiltinESMExports();
}
