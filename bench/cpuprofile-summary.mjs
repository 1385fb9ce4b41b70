// Summarise a V8 .cpuprofile (node --cpu-prof): self time by category and by function.
import { readFileSync } from 'node:fs';
export function summarise(file, repo) {
  const p = JSON.parse(readFileSync(file, 'utf8'));
  const byId = new Map(p.nodes.map((n) => [n.id, n]));
  const self = new Map();
  const dt = p.timeDeltas;
  for (let i = 0; i < p.samples.length; i++) self.set(p.samples[i], (self.get(p.samples[i]) ?? 0) + (dt[i] ?? 0));
  const total = (p.endTime - p.startTime) / 1000;
  const cat = new Map();
  const fn = new Map();
  const file_ = new Map();
  for (const [id, us] of self) {
    const n = byId.get(id);
    const cf = n.callFrame;
    const url = cf.url ?? '';
    let c;
    if (!url) c = cf.functionName.startsWith('(') ? cf.functionName : '(native / builtins)';
    else if (url.startsWith('node:internal/modules') || url.includes('internal/modules/')) c = 'node: module loading';
    else if (url.startsWith('node:')) c = 'node: other internals';
    else if (/typescript\.js$/.test(url)) c = 'typescript compiler (ts-morph bundle)';
    else if (url.includes('/node_modules/')) c = 'dependency: ' + url.split('/node_modules/').pop().split('/').slice(0, url.split('/node_modules/').pop().startsWith('@') ? 2 : 1).join('/');
    else if (url.includes('/dist/')) c = 'migrate-check: ' + url.split('/dist/').pop();
    else c = url;
    cat.set(c, (cat.get(c) ?? 0) + us / 1000);
    const key = `${cf.functionName || '(anonymous)'}  ${url.split('/').slice(-2).join('/')}:${cf.lineNumber + 1}`;
    fn.set(key, (fn.get(key) ?? 0) + us / 1000);
  }
  return { total, categories: [...cat].sort((a, b) => b[1] - a[1]), functions: [...fn].sort((a, b) => b[1] - a[1]) };
}
