// Which requests are the service's, and which catalogue endpoint each one is. A request is the
// service's when its URL is on a host migrate-check.config.json names (baseUrl, legacyBaseUrl,
// stagingUrl), or, when none is configured, by its path's shape alone (PRODUCT.md, "At run time").
// The path is read by the static rules' own matcher (core/paths.ts: findPaths), with the config's
// `paths` as a scan takes them (an entry that gives a method applies to requests sent with it).
import { findPaths, useConfiguredPaths, type PathMatch } from '../core/paths.js';
import { loadConfig } from '../config.js';
import type { Config, RuleLevel } from '../types.js';

interface Host {
  origin: string;
  /** the base URL's own path, without a trailing slash ('' for none) */
  prefix: string;
}

export interface Settings {
  /** the configured hosts; empty: decide by the path's shape */
  hosts: Host[];
  legacyOrigin?: string;
  baseUrl?: string;
  rules: Record<string, RuleLevel>;
  /** the config's own 2024-09 forms of paths the spec does not show */
  paths?: Record<string, string>;
}

function hostOf(url: string | undefined): Host | undefined {
  if (!url) return undefined;
  try {
    const u = new URL(url);
    return { origin: u.origin.toLowerCase(), prefix: u.pathname.replace(/\/+$/, '') };
  } catch {
    return undefined;
  }
}

export function settingsFrom(config: Pick<Config, 'baseUrl' | 'legacyBaseUrl' | 'stagingUrl' | 'rules' | 'paths'>): Settings {
  const hosts = [config.baseUrl, config.legacyBaseUrl, config.stagingUrl].map(hostOf).filter((h): h is Host => h !== undefined);
  return { hosts, legacyOrigin: hostOf(config.legacyBaseUrl)?.origin, baseUrl: config.baseUrl, rules: config.rules, paths: config.paths };
}

/**
 * The project's config, read as the CLI reads it from the working folder (or from the file
 * MIGRATE_CHECK_CONFIG names). A config that cannot be read leaves the defaults and says why once.
 */
export function loadSettings(cwd: string, env: NodeJS.ProcessEnv, warn: (line: string) => void): Settings {
  try {
    return settingsFrom(loadConfig({ cwd, configPath: env.MIGRATE_CHECK_CONFIG || undefined }));
  } catch (err) {
    warn(`the config was not read (${err instanceof Error ? err.message : String(err)}); checking requests by their paths' shape`);
    return { hosts: [], rules: {} };
  }
}

/** A cheap test before the matcher: the path names a version or a v1 family. */
const MAY_BE_API = /\/v1(?:[/?#]|$)|20(?:23-01|24-09)/;

export interface ServiceRequest {
  match: PathMatch;
  /** the path as the matcher read it (after a configured base's own path) */
  path: string;
  /** sent to the configured legacy host */
  legacyHost: boolean;
}

/** What `classify` decided for an origin and path, remembered (a client sends the same few again and again). */
const decided = new WeakMap<Settings, Map<string, ServiceRequest | undefined>>();
const REMEMBERED = 2000;

/**
 * The service's request this URL is, or undefined (another vendor's, or no API path). `method`:
 * the request's, once known (a `paths` entry that gives a method applies only with it).
 */
export function classify(url: URL, settings: Settings, method?: string): ServiceRequest | undefined {
  const pathname = url.pathname;
  if (!MAY_BE_API.test(pathname)) return undefined;
  let memo = decided.get(settings);
  if (!memo) decided.set(settings, (memo = new Map()));
  const m = method?.toUpperCase();
  const key = `${m ?? ''} ${url.origin}${pathname}`;
  if (memo.has(key)) return memo.get(key);
  const found = decide(url, pathname, settings, m);
  if (memo.size >= REMEMBERED) memo.clear();
  memo.set(key, found);
  return found;
}

function decide(url: URL, pathname: string, settings: Settings, method: string | undefined): ServiceRequest | undefined {
  const candidates: string[] = [];
  let legacyHost = false;
  if (settings.hosts.length) {
    const origin = url.origin.toLowerCase();
    for (const h of settings.hosts) {
      if (h.origin !== origin) continue;
      if (h.prefix && !(pathname === h.prefix || pathname.startsWith(h.prefix + '/'))) continue;
      if (h.origin === settings.legacyOrigin) legacyHost = true;
      candidates.push(pathname);
      if (h.prefix) candidates.push(pathname.slice(h.prefix.length) || '/');
    }
    if (!candidates.length) return undefined;
  } else candidates.push(pathname);
  useConfiguredPaths(settings.paths);
  for (const path of candidates) {
    const match = findPaths(path, { method }).find((m) => m.start === 0 && m.end === path.length);
    if (match) return { match, path, legacyHost };
  }
  return undefined;
}
