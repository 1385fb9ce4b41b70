// `--cache`: what the text test makes of a file (its verdict, its module specifiers, the words that
// tie it to other files), kept in its entry (entry.ts) so that the files to parse are chosen again
// without reading the files that did not change (changed.ts).

import { setsClientDefaults } from '../core/axios-defaults.js';
import { mayDouble, oldResourceWords } from '../core/path-shape.js';
import { AXIOS_WORD, globalTypeNames, mayRegisterWebhook, namesOldEvent } from '../pipeline/partition.js';
import { drawsImporters, moduleSpecifiers, textSignal, VERSIONED_BASE } from '../pipeline/prefilter.js';
import type { Source } from '../pipeline/read.js';
import type { Entry } from './entry.js';

/** What the text test makes of a file, kept for the next run. */
export type Facts = Omit<Entry, 'key' | 'weakIn' | 'candidate' | 'links' | 'part' | 'result' | 'declares' | 'calls' | 'lookups'>;

/** A file's facts (its text was read this run); `legacy`: what names the legacy host (config.ts legacyHostsOf). */
export function factsOf(src: Source, hosts: string[], legacy: string[]): Facts {
  if (src.fatal) return { unreadable: src.fatal };
  const text = src.text!;
  const f: Facts = {};
  const signal = textSignal(text, hosts, src.file);
  if (signal) f.signal = signal;
  const imports = moduleSpecifiers(text);
  if (imports) f.imports = imports;
  if (setsClientDefaults(text)) f.defaults = true;
  if (VERSIONED_BASE.test(text)) f.base = true;
  if (AXIOS_WORD.test(text)) f.axios = true;
  if (globalTypeNames(src.file, text).length) f.globals = true;
  if (drawsImporters(text, legacy)) f.wrapper = true;
  if (namesOldEvent(text)) f.oldEvent = true;
  if (mayRegisterWebhook(text)) f.webhook = true;
  if (mayDouble(src.file, text)) f.double = true;
  const resources = oldResourceWords(text);
  if (resources.length) f.resources = resources;
  return f;
}

