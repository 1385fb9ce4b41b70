// Preloaded (node --import) into the node processes that bench/run.mjs times when /usr/bin/time is
// not there: on exit, writes the process's peak resident set size (bytes) to $BENCH_RSS_FILE.
import { writeFileSync } from 'node:fs';

const out = process.env.BENCH_RSS_FILE;
if (out) {
  process.on('exit', () => {
    try {
      const u = process.resourceUsage();
      writeFileSync(out, JSON.stringify({ maxRSS: u.maxRSS * 1024, user: u.userCPUTime / 1e6, system: u.systemCPUTime / 1e6 }));
    } catch {
      /* the figure is then missing, nothing else */
    }
  });
}
