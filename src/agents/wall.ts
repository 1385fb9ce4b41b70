// The root is a wall: every path an agent names must resolve, symlinks included, inside it.
import { existsSync, realpathSync, statSync } from 'node:fs';
import path from 'node:path';
import { UsageError } from '../errors.js';

export interface Root {
  /** the folder as given (--root or the cwd), absolute */
  given: string;
  /** the same folder with every symlink resolved: the engine's cwd */
  real: string;
}

/** True when `p` is `dir` or below it (both absolute, normalised). */
export function isInside(dir: string, p: string): boolean {
  const rel = path.relative(dir, p);
  return rel === '' || (!rel.startsWith(`..${path.sep}`) && rel !== '..' && !path.isAbsolute(rel));
}

/** Resolve the server's root once, at start: it must be an existing folder. */
export function resolveRoot(dir: string): Root {
  const given = path.resolve(dir);
  let real: string;
  try {
    real = realpathSync(given);
  } catch {
    throw new UsageError(`--root: no such folder: ${dir}`);
  }
  if (!statSync(real).isDirectory()) throw new UsageError(`--root must be a folder, not a file: ${dir}`);
  return { given, real };
}

/**
 * A path an agent gave (relative to the root, or absolute), checked against the wall: the
 * absolute real path the engine may read, or a UsageError naming the path as it was given.
 * Nothing is opened here: the lexical check comes first, then realpath (which follows symlinks
 * without reading any file's content).
 */
export function resolveInRoot(root: Root, p: string): string {
  if (p.trim() === '') throw new UsageError('paths: an empty string is not a path');
  if (p.includes('\0')) throw new UsageError(`paths: ${JSON.stringify(p)} holds a NUL character`);
  const fromGiven = path.resolve(root.given, p);
  const fromReal = path.resolve(root.real, p);
  // an absolute path may name the root through either spelling; a relative one resolves the same under both
  const abs = isInside(root.given, fromGiven) ? fromGiven : fromReal;
  if (!isInside(root.given, fromGiven) && !isInside(root.real, fromReal)) {
    throw new UsageError(`path outside the root: ${p} (the root is ${root.given})`);
  }
  // existsSync follows symlinks: a dangling link or a missing file is "no such file"
  if (!existsSync(abs)) throw new UsageError(`no such file or folder: ${p}`);
  let real: string;
  try {
    real = realpathSync(abs);
  } catch {
    throw new UsageError(`no such file or folder: ${p}`);
  }
  if (!isInside(root.real, real)) {
    throw new UsageError(`path outside the root: ${p} (a symlink that resolves to ${real}, outside ${root.given})`);
  }
  return real;
}

/** The root-relative, posix spelling of an absolute path (for messages and changedFiles). */
export function relToRoot(root: Root, file: string): string {
  const rel = path.relative(root.real, file);
  return (rel === '' ? '.' : rel).split(path.sep).join('/');
}

/** Is this file (absolute, as the engine reports it) really inside the root, symlinks resolved? */
export function fileInRoot(root: Root, file: string): boolean {
  let real = file;
  try {
    real = realpathSync(file);
  } catch {
    // a file that no longer exists: judge it by its spelling
  }
  return isInside(root.real, real);
}
