// The command line's reporter, loaded alone: a run that prints one report does not load the others
// (src/reporters/index.ts gathers them all, for the servers and the tests).
import type { Reporter } from './shared.js';

const NAMES = ['stylish', 'json', 'sarif', 'github', 'compact'] as const;

export type ReporterName = (typeof NAMES)[number];

export const isReporterName = (name: string): name is ReporterName => (NAMES as readonly string[]).includes(name);

export async function loadReporter(name: ReporterName): Promise<Reporter> {
  switch (name) {
    case 'stylish':
      return (await import('./stylish.js')).stylish;
    case 'json':
      return (await import('./json.js')).json;
    case 'sarif':
      return (await import('./sarif.js')).sarif;
    case 'github':
      return (await import('./github.js')).github;
    case 'compact':
      return (await import('./compact.js')).compact;
  }
}
