// A path beside an object of its body's kind that the check cannot tie to any request (in its
// function, its module, or a module that reads it): that object is most likely the body sent to
// it, left as it is (settle.ts holdUnsent), so the path stays with it, or the request would be
// half moved.

import ts from '../core/ts.cjs';
import type { Finding } from '../types.js';
import { importReaches } from './detectors/path-key-bodies.js';
import { endpointMethod } from './detectors/method.js';
import { NO_BODY_METHODS } from './detectors/requests.js';
import { expectedFindings, findingsIn, unitHolding, untiedBodies } from './settle.js';
import type { AnalysisState } from './state.js';

/** The body context of a path's request that an object of this context belongs to (a label entry to a label request). */
const FAMILY: Record<string, string> = { 'label-entry-2023-01': 'labels-2023-01', 'courier-block-2023-01': 'body-2023-01' };

/**
 * A path written in a function that also builds an object of its body's kind which the check
 * cannot tie to any request (`payload.shipments.push({ … courier_id … })` through a member it does
 * not follow): that object is most likely the body, left as it is, so the path stays with it. The
 * same for a path read in another module that builds such an object, or hands it to a call
 * (readerOf): there too the path's request cannot be tied to its body, whichever module the path is
 * written in.
 */
export function holdBesideUnsent(acc: AnalysisState): boolean {
  const expected = expectedFindings(acc);
  // (a body the check cannot tie to a request, or one held because it is also handed elsewhere: either may be this path's)
  const unsent = [...acc.findings.values()].filter((f) => (f.heldBecause?.code === 'endpoint-unseen' || f.heldBecause?.code === 'read-by-old-keys') && f.context && !expected.has(f));
  let held = false;
  if (!unsent.length) return held;
  const seen: Seen = { reaches: new Map() };
  for (const f of acc.findings.values()) {
    if (f.fixKind === 'none' || f.changeKind !== 'endpoint-moved' || !f.context) continue;
    const kindOf = (g: Finding) => (FAMILY[g.context!.kind] ?? g.context!.kind) === f.context!.kind;
    const unit = unitHolding(acc, f);
    if (!unit) continue;
    // an object of its kind in another module that names the function sending it (`call(createLabels, { … })`,
    // `dispatch(createLabels({ … }))`): it may be this request's body, passed in a way the check does not follow
    const name = callableName(innermostFunction(unit.sf, f.start - unit.offset));
    // (in its own module, where the object is given to a call of that name on its line: `dispatch(createLabels({ … }))`)
    // (a name, not a member: `x.create(…)` is another object's method)
    const word = name ? new RegExp(`(?<![\\w$.])${name}(?![\\w$])`) : undefined;
    // (another module only where it imports the path's: the first such object, by file and line)
    const importsHome = (file: string) => acc.store.imports(file, f.file);
    const far = word
      ? unsent
          .filter((g) => kindOf(g) && (g.file !== f.file ? word.test(acc.store.text(g.file) ?? '') && importsHome(g.file) : new RegExp(`${word.source}\\s*\\(`).test((acc.store.text(g.file) ?? '').split('\n')[g.line - 1] ?? '')))
          .sort(byPlace)[0]
      : undefined;
    if (far) {
      acc.hold(f, 'body-holds', `an object in ${far.file === f.file ? 'this module' : acc.shownFile(far.file)} (\`${far.oldText ?? far.ruleId}\`, ${far.ruleId}, line ${far.line}), where \`${name}\` is named, looks like the body sent with it, but the check cannot tie it to this request: migrate them together by hand`);
      held = true;
      continue;
    }
    const near = unsent.filter((g) => g.file === f.file && kindOf(g));
    // the same function; or, for a path written outside any function (`const LABELS = '/2023-01/labels'`,
    // `axios.post.bind(axios, '/2023-01/labels')`), or an object written outside any, the same module
    const fn = innermostFunction(unit.sf, f.start - unit.offset);
    const g = near.find((x) => !fn || !innermostFunction(unit.sf, x.start - unit.offset) || (x.start - unit.offset >= fn.pos && x.end - unit.offset <= fn.end));
    if (g) {
      acc.hold(f, 'body-holds', `an object built in the same ${fn && innermostFunction(unit.sf, g.start - unit.offset) ? 'function' : 'module'} (\`${g.oldText ?? g.ruleId}\`, ${g.ruleId}, line ${g.line}) looks like the body sent with it, but the check cannot tie it to this request: migrate them together by hand`);
      held = true;
      continue;
    }
    // (in another module that reads this one: the path's value goes there, in a way the check may not follow)
    const reader = readerOf(acc, f, unsent.filter(kindOf), seen);
    if (!reader) continue;
    const { g: r, at } = reader;
    // (`src/pickups.js (…), a module that imports this one`; `src/body.js (…), handed to a call in src/client.js, a module that …`)
    const reads = acc.store.imports(at, f.file) ? 'a module that imports this one' : 'a module whose imports reach this one';
    const how = at === r.file ? reads : `handed to a call in ${at === f.file ? 'this module' : `${acc.shownFile(at)}, ${reads}`}`;
    acc.hold(f, 'body-holds', `an object in ${acc.shownFile(r.file)} (\`${r.oldText ?? r.ruleId}\`, ${r.ruleId}, line ${r.line}), ${how}, looks like a body sent to this path, but the check cannot tie it to a request: moving the path alone could send that body, still in its old form, to the 2024-09 path; migrate them together by hand`);
    held = true;
  }
  return held;
}

/** The name a function is called by: its own, or the variable or property it is the value of (through a call wrapping it: `createAsyncThunk('…', (body) => …)`). */
function callableName(fn: ts.Node | undefined): string | undefined {
  if (!fn) return undefined;
  if ((ts.isFunctionDeclaration(fn) || ts.isMethodDeclaration(fn)) && fn.name && ts.isIdentifier(fn.name)) return fn.name.text;
  let at: ts.Node = fn;
  while (at.parent && (ts.isParenthesizedExpression(at.parent) || ts.isCallExpression(at.parent) || ts.isAsExpression(at.parent))) at = at.parent;
  const p = at.parent;
  return p && (ts.isVariableDeclaration(p) || ts.isPropertyAssignment(p)) && ts.isIdentifier(p.name) ? p.name.text : undefined;
}

/** The innermost function whose body holds this offset. */
function innermostFunction(sf: ts.SourceFile, at: number): ts.Node | undefined {
  let found: ts.Node | undefined;
  const visit = (n: ts.Node): void => {
    if (at < n.pos || at >= n.end) return;
    if (ts.isFunctionLike(n) && 'body' in n && n.body) found = n;
    ts.forEachChild(n, visit);
  };
  visit(sf);
  return found;
}

/**
 * The object of a path's body kind that no request in the project shows, read with the path in
 * another module: the object's module, or one it is handed to a call in (`fetch(url, { body:
 * JSON.stringify(pickupBody(…)) })`, settle.ts settleReads), imports the path's (three steps at
 * most: through a module of constants, a config, a class). The path's value goes there, in a way
 * the check does not follow (`cfg.override ?? cfg.path`, `[P].map(…)`, a subclass's field its base
 * class sends), and that object is most likely the body sent with it, as the same object in the
 * path's own module is. Whether a call the check reads sends the path says little: any call given
 * a URL is read as one (`Promise.resolve(url)` too), and one request it sees may not be the only
 * one sent there. Returns the object's finding and the module that reads the path.
 */
function readerOf(acc: AnalysisState, f: Finding, unsent: Finding[], seen: Seen): { g: Finding; at: string } | undefined {
  // (a path of a request that sends no body, `GET /2023-01/courier_accounts/{id}`, has none to leave behind)
  if (NO_BODY_METHODS.has(endpointMethod(f) ?? '')) return undefined;
  seen.untied ??= untiedBodies(acc);
  seen.handed ??= handedIn(acc);
  const home = new Set([f.file]);
  const reads = (file: string): boolean => {
    if (file === f.file) return true;
    const k = `${file}\0${f.file}`;
    let r = seen.reaches.get(k);
    if (r === undefined) seen.reaches.set(k, (r = importReaches(acc, file, home) !== undefined));
    return r;
  };
  for (const g of unsent.filter((x) => x.file !== f.file && seen.untied!.has(x)).sort(byPlace)) {
    const at = [g.file, ...(seen.handed.get(g) ?? [])].find(reads);
    if (at) return { g, at };
  }
  return undefined;
}

/** What holdBesideUnsent works out once, when first asked: the untied bodies, where they are handed, which modules reach which. */
interface Seen {
  untied?: Set<Finding>;
  handed?: Map<Finding, string[]>;
  reaches: Map<string, boolean>;
}

/** The modules of the calls each body object is handed to (as settle.ts settleReads reads them): the body goes there. */
function handedIn(acc: AnalysisState): Map<Finding, string[]> {
  const out = new Map<Finding, string[]>();
  for (const r of acc.readBy) {
    if (!r.handed.length) continue;
    const files = [...new Set(r.handed.map((h) => h.unit.file))].sort();
    for (const g of findingsIn(acc, [r])) out.set(g, files);
  }
  return out;
}

/** By file, then line: the first of several objects a message names. */
const byPlace = (a: Finding, b: Finding): number => (a.file < b.file ? -1 : a.file > b.file ? 1 : a.line - b.line);
