// A workspace folder as the language server sees it: its config (read with the CLI's loadConfig,
// cwd = the folder) and its ignore rules. A config that does not load keeps the previous one (the
// defaults at first) and becomes a problem shown on the config file.

import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { CONFIG_FILE, defaultConfig, loadConfig } from '../config.js';
import { oneLine, UsageError } from '../errors.js';
import type { Config } from '../types.js';
import { IgnoreRules } from './ignore.js';

export interface ConfigProblem {
  /** one line, as the CLI prints it */
  message: string;
  /** the file that holds the problem */
  file: string;
  /** 0-based, in that file */
  line: number;
  character: number;
  endCharacter: number;
}

export interface Folder {
  root: string;
  /** a folder the client named (else one guessed for a file outside every workspace folder) */
  explicit: boolean;
  config: Config;
  /** whether a config has loaded (else the defaults are in use) */
  loaded: boolean;
  problem?: ConfigProblem;
  ignore: IgnoreRules;
  /** the uri the config problem was last published on (to clear it) */
  problemUri?: string;
  /** the message last shown with window/showMessage (shown again only when it changes) */
  shownMessage?: string;
}

export function makeFolder(root: string, explicit: boolean): Folder {
  const loaded = readConfig(root);
  const config = loaded.config ?? defaultConfig();
  return { root, explicit, config, loaded: !!loaded.config, problem: loaded.problem, ignore: new IgnoreRules(root, config.ignorePatterns) };
}

/** Read the folder's config again; on a problem keep what was loaded before. */
export function reloadConfig(folder: Folder): void {
  const loaded = readConfig(folder.root);
  folder.problem = loaded.problem;
  if (loaded.config) {
    folder.config = loaded.config;
    folder.loaded = true;
  }
  folder.ignore.reset(folder.config.ignorePatterns);
}

export function readConfig(root: string): { config?: Config; problem?: ConfigProblem } {
  try {
    return { config: loadConfig({ cwd: root }) };
  } catch (err) {
    return { problem: locateProblem(root, err) };
  }
}

/** The folder for a file outside every workspace folder: the nearest one with a config, package.json or .git. */
export function guessRoot(dir: string): string {
  for (let d = dir; ; ) {
    if ([CONFIG_FILE, 'package.json', '.git'].some((n) => existsSync(path.join(d, n)))) return d;
    const parent = path.dirname(d);
    if (parent === d) return dir;
    d = parent;
  }
}

function isFile(p: string): boolean {
  try {
    return statSync(p).isFile();
  } catch {
    return false;
  }
}

/** Where a config error belongs: the file loadConfig read, at the position the message names. */
export function locateProblem(root: string, err: unknown): ConfigProblem {
  const message = oneLine(err);
  const raw = err instanceof UsageError ? err.message : message;
  const own = path.join(root, CONFIG_FILE);
  const pkg = path.join(root, 'package.json');
  const file = raw.startsWith('package.json') || (!isFile(own) && isFile(pkg)) ? pkg : own;
  let text = '';
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    text = '';
  }
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  const at = /at line (\d+), column (\d+)/.exec(raw);
  if (at) {
    const line = Number(at[1]) - 1;
    const character = Number(at[2]) - 1;
    return { message, file, line, character, endCharacter: character + 1 };
  }
  // a key or value the message quotes ("unknown key "foo"", "unknown rule "bar"", "got "x"")
  const quoted = [...raw.matchAll(/"((?:[^"\\]|\\.)*)"/g)].map((m) => m[0]).reverse();
  for (const q of quoted) {
    const i = text.indexOf(q);
    if (i >= 0) {
      const before = text.slice(0, i);
      const line = before.split('\n').length - 1;
      const character = i - (before.lastIndexOf('\n') + 1);
      return { message, file, line, character, endCharacter: character + q.length };
    }
  }
  return { message, file, line: 0, character: 0, endCharacter: 0 };
}
