// Old paths in every string the code builds (literals, templates, `+` chains, constants, endpoint
// maps), each reported where its old text is written, with the 2024-09 form the catalogue gives.

import { configuredMethods, type PathMatch, type PathToken, findPaths, originOf } from '../../core/paths.js';
import { givesNewOnlyName } from '../../core/keys.js';
import ts from '../../core/ts.cjs';
import type { Finding, FixKind, RequestContext } from '../../types.js';
import { type Piece, type Via, formatText, joinedParts, returnExpressions, unwrap } from '../evaluate.js';
import { callersOf } from './callers.js';
import { enclosingFunction } from './uses.js';
import { note, says, type Words } from '../findings.js';
import { type UnitEdit, renderRegion } from '../render.js';
import type { AnalysisState } from '../state.js';
import { lineOf, type Unit, treeIndex } from '../units.js';
import { checkBase, checkReplacedEnvironments } from './legacy-base.js';
import { baseHostname, checkHost, hostBeside, joinedBase } from './host-option.js';
import { readsOfConstant } from './constant-reads.js';
import { mapEntryUnseen } from './map-entries.js';
import { swrMutationKey } from './swr-keys.js';
import { type Virtual, displayPath, isMaximal, joinBase, pathStart, quickPathTest, shortText, virtualText } from './path-text.js';
import { methodAt } from './method.js';
import { groupMember, unseenAfterBase } from './versioned-base.js';
import { pathDescribes2023 } from './describes-version.js';
import { constantMethod } from './constant-method.js';
import { ownServerRoute } from './server-routes.js';

/** The methods whose requests carry a body. */
const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH']);

/** Every maximal string expression (literal, template, `+` chain) of a unit. */
export function scanStrings(acc: AnalysisState, unit: Unit): void {
  // the index leaves out imports, exports and literal types (module names and types, not URLs)
  const index = treeIndex(unit.sf);
  for (const n of index.strings) {
    if (!isMaximal(n)) continue;
    if (ts.isStringLiteral(n) && n.parent && ts.isCallExpression(n.parent) && ts.isIdentifier(n.parent.expression) && n.parent.expression.text === 'require') continue;
    // the path of a route the project's own server defines is no request (server-routes.ts)
    if (ownServerRoute(unit.file, n)) continue;
    // a path in data that describes 2023-01 (one entry per version of a schema) is no finding
    if (unit.sf.text.slice(n.pos, n.end).includes('2023-01') && pathDescribes2023(acc, n) === 'data') continue;
    // a format string (`util.format('%s/2023-01/labels', base)`): read with the arguments it takes
    if (ts.isStringLiteral(n) && n.parent && formatText(unit, n.parent) === n) {
      scanUrlExpression(acc, unit, n.parent as ts.CallExpression, true);
      continue;
    }
    scanUrlExpression(acc, unit, n, ts.isTemplateExpression(n) || ts.isBinaryExpression(n));
    scanUrlBase(acc, unit, n);
  }
  // a URL joined from an array's elements: read whole (its elements are not maximal: isMaximal)
  for (const c of index.calls) {
    const joined = joinedParts(c);
    const helper = !joined && pathHelperCall(acc, unit, c);
    if (helper) acc.helperCalls.add(c);
    // (a helper's text inside a longer one, `${path('pickup_slots')}/${id}`, is read with it: the whole is the path)
    if ((joined || helper) && isMaximal(c)) scanUrlExpression(acc, unit, c, true);
  }
}

/**
 * `new URL(path, base)`: the path is reported where it is written (above); the base it is sent
 * through is checked as a base joined to it with `+` is (a legacy host serving a path that moves).
 */
export function scanUrlBase(acc: AnalysisState, unit: Unit, n: ts.Expression): void {
  let arg: ts.Node = n;
  while (arg.parent && ts.isParenthesizedExpression(arg.parent)) arg = arg.parent;
  const call = arg.parent;
  if (!call || !ts.isNewExpression(call) || !ts.isIdentifier(call.expression) || call.expression.text !== 'URL') return;
  if (call.arguments?.length !== 2 || call.arguments[0] !== arg) return;
  const pieces = acc.pieces(unit, call);
  const vt = virtualText(pieces);
  if (!quickPathTest(vt.text)) return;
  for (const m of findPaths(vt.text)) checkBase(acc, m, pieces, vt, true);
}

/** Find and report the API paths one expression builds. */
export function scanUrlExpression(acc: AnalysisState, unit: Unit, e: ts.Expression, composite: boolean, base?: Piece[]): { match: PathMatch; pieces: Piece[]; vt: Virtual }[] {
  if (!composite && !base && !quickPathTest((e as ts.StringLiteral).text)) return [];
  const own = acc.pieces(unit, e);
  const pieces = base ? joinBase(base, own) : own;
  const vt = virtualText(pieces);
  if (!quickPathTest(vt.text)) return [];
  if (!base) unseenAfterBase(acc, unit, e, pieces, vt);
  // a config `paths` entry that gives a method applies only where the call shows that method
  const method = methodAt(e) ?? constantMethod(acc, unit, e, vt.text)?.method;
  const matches = findPaths(vt.text, { method });
  const out: { match: PathMatch; pieces: Piece[]; vt: Virtual }[] = [];
  for (const m of matches) {
    out.push({ match: m, pieces, vt });
    const f = reportPath(acc, unit, e, m, pieces, vt);
    // (what a test double of the request is matched with: settle-doubles.ts)
    if (f?.changeKind === 'endpoint-moved') acc.sentPaths.set(`${f.file}:${f.start}:${f.ruleId}`, { path: m.path, method, file: f.file });
    // the path's finding carries the base it is sent through, when only such paths make it legacy
    checkBase(acc, m, pieces, vt, false, f);
    if (m.start === 0 && m.origin === undefined) checkHost(acc, unit, e, m, displayPath(vt.text.slice(m.start, m.end), pieces, vt, m.start));
    checkReplacedEnvironments(acc, m, pieces, vt);
  }
  return out;
}

/** Reports an old path where it is written; the finding it makes (none when another check reports it). */
export function reportPath(acc: AnalysisState, unit: Unit, e: ts.Expression, m: PathMatch, pieces: Piece[], vt: Virtual): Finding | undefined {
  const rule = m.rule;
  if (!rule) return; // a 2024-09 path
  // with the service's hosts configured, a URL on another host is another vendor's; only a v1
  // family path stays the service's (PRODUCT.md), reported but never moved to another host
  // a host written beside the path (`{ hostname, path }`) is its host, as a full URL's origin is
  const beside = m.origin === undefined && m.start === 0 ? hostBeside(acc, unit, e) : undefined;
  // (or a base it is joined to where it is written: `new URL(path, 'https://legacy…')`, `url.resolve(BASE, path)`)
  const joined = m.origin === undefined && m.start === 0 && !beside ? joinedBase(acc, unit, e) : undefined;
  const origin = m.origin ?? beside?.origin ?? joined?.origin;
  const otherHost = acc.otherHost(origin);
  if (otherHost && m.version !== 'v1') return;
  // a prefix constant (`const LEGACY_PREFIX = 'pickup/v1'`): each path it begins is reported where it is joined
  if (rule.id === 'v1-unmapped-path' && m.versionOnly && !m.origin && m.end >= vt.text.replace(/\/+$/, '').length && e.parent && ts.isVariableDeclaration(e.parent) && e.parent.initializer === e) return;
  // a path helper's own text (`(resource) => \`${LEGACY_PICKUP}/${resource}\``): each call of it is a path, reported where it is made
  if (rule.id === 'v1-unmapped-path' && helperOwnText(acc, e, m, pieces, vt)) return;
  // a 2023-01 prefix constant every read of which a longer path continues (`${ACCOUNTS}/${id}`): each
  // such path is reported (at the constant, with its own rule); the prefix alone is no path of its own
  if (rule.id === 'unmapped-2023-01-path' && !m.origin && m.end >= vt.text.length && onlyPrefix(acc, unit, e)) return;
  // a v1 family prefix a URL is tested against (`path.startsWith('/pickup/v1/')`, `=== '/pickup/v1'`,
  // `new RegExp('^/pickup/v1/')`) is no request: the requests it routes are reported where they are built
  if (m.version === 'v1' && m.versionOnly && (textTested(e) || compared(e) || regExpSource(e))) return;
  // where the old text is written: the piece holding the version segment
  const vPiece = pieces[vt.owner[m.versionStart]];
  if (!vPiece || vPiece.t !== 'lit') return;
  const regionPieces = pieces.slice(vt.owner[m.start], vt.owner[Math.max(m.start, m.end - 1)] + 1);
  const writtenHere = regionPieces.every((p) => p.via.length === 0 || p.t === 'hole');
  // (the `/` a join writes before a constant holding the path without its own, `${base}/${LABELS}`, is no part of what changes)
  const slash = m.versionStart > m.start && vt.owner[m.start] !== vt.owner[m.versionStart] ? pieces[vt.owner[m.start]] : undefined;
  const sameVia = vPiece.via.length > 0 && regionPieces.every((p) => p === slash || p.t === 'hole' || (p.via.length > 0 && p.via[0].name === vPiece.via[0].name));
  if (sameVia) return; // written in a constant: its own scan reports it where it is defined
  if (vPiece.via.length > 0 && rule.id !== 'versioned-base-url' && groupMember(acc, unit, m, pieces, vt, vPiece, e, false, e)) return;
  const locUnit = vPiece.unit;
  const startPos = pathStart(m, vPiece, vt);
  let endIdx = m.end - 1;
  // (a piece of no place, `pos` -1, such as a separator `join` puts between elements, ends nothing)
  while (endIdx > m.versionStart && (pieces[vt.owner[endIdx]].t !== 'lit' || pieces[vt.owner[endIdx]].unit !== locUnit || (pieces[vt.owner[endIdx]] as { via: Via[] }).via.length !== vPiece.via.length || (pieces[vt.owner[endIdx]] as { pos: number }).pos < 0)) endIdx--;
  const endPiece = pieces[vt.owner[endIdx]];
  const endPos = endPiece.t === 'lit' ? endPiece.pos + vt.offset[endIdx] + 1 : startPos + 1;
  const ep = rule.endpoint;
  const oldShown = displayPath(vt.text.slice(m.start, m.end), pieces, vt, m.start);
  const ctx: RequestContext = { kind: m.bodyContext ?? 'path', by: 'path', endpoint: ep ? `${ep.method} ${ep.old}` : undefined };

  // a text template's path (lodash `_.template('/pickup/v1/pickup_slots/<%= id %>')`, `{{ id }}`, `util.format`'s `%s`):
  // its placeholders are no path parameters the rewrite knows, so the path is left for a person
  const around = vt.text.slice(m.start, Math.min(vt.text.length, m.end + 3));
  if (rule.id !== 'versioned-base-url' && /<%|%>|\{\{|\}\}|%[sdj]/.test(around)) {
    return acc.add(rule.id, locUnit, startPos, endPos, says(`\`${oldShown.replace(/(?:<%|\{\{|%[sdj]).*$/, '…')}\` is an old path written in a text template whose placeholders (\`<%= … %>\`, \`{{ … }}\`, \`%s\`) \`--fix\` does not read as path parameters; `, note('none', 'write the 2024-09 path by hand')), { context: ctx });
  }
  if (rule.id === 'versioned-base-url') {
    // a version prefix a URL is tested against or rewritten with (`url.startsWith('/2023-01/')`) is no base
    if (textTested(e)) return;
    acc.add(rule.id, locUnit, startPos, endPos, says(`The base URL carries the 2023-01 version (\`${oldShown}\`); every relative path sent through it is a 2023-01 path. Move it to /2024-09 with those paths (`, note('none', 'check that each relative path has a 2024-09 form, then change the version here and the paths together'), `).`), { context: ctx });
    return;
  }
  // a 2023-01 URL on the configured legacy host: like a v1 URL, it moves to the base host
  const onLegacyHost = m.version === '2023-01' && !!acc.hosts.legacy && originOf(origin) === acc.hosts.legacy;
  let edit: UnitEdit | undefined;
  let fixKind: FixKind = rule.fix;
  let manual: string | undefined;
  let newShown: string | undefined;
  let hostEdit: UnitEdit | undefined;
  if (m.partial && !m.newPath) {
    fixKind = 'none';
    manual = 'the path continues in code this constant is joined with; rewrite it there by hand';
  } else if (m.newPath && writtenHere) {
    let tokens: PathToken[] = m.newPath;
    // a path written without its leading slash (ky's prefixUrl refuses one) keeps that form
    if (m.start === m.versionStart && typeof tokens[0] === 'string' && tokens[0].startsWith('/')) tokens = [tokens[0].slice(1), ...tokens.slice(1)];
    let from = m.start;
    // a full URL written in the same literal moves to the base host with its path
    // (also written as a literal of its own joined to the path, `'https://legacy…' + \`/pickup/v1/…\``: the rewrite then spans both, or holds)
    const originHere = m.origin !== undefined && pieces.slice(0, vt.owner[m.start] + 1).every((p) => p.t === 'lit' && p.via.length === 0 && p.unit === vPiece.unit);
    // v1 lives only on the legacy host, 2024-09 only on the base and staging hosts: a URL on the
    // legacy host moves to the base host with its path (a 2023-01 URL elsewhere keeps its host)
    const movesHost = originHere && (m.version === 'v1' || onLegacyHost);
    // a host written beside it moves with it: rewritten to the base host's name, or held
    const hostHere = !!beside?.literal && (m.version === 'v1' || onLegacyHost) && ![acc.hosts.base, acc.hosts.staging].includes(originOf(origin));
    // a base joined to it on the legacy host (or, for a v1 path, one not known to be the base host's): it moves with the path, or holds it
    if (joined?.written && joined.origin && !otherHost && (m.version === 'v1' || onLegacyHost) && ![acc.hosts.base, acc.hosts.staging].includes(joined.origin)) {
      const baseUrl = acc.options.config.baseUrl?.replace(/\/+$/, '');
      if (joined.literal && baseUrl) hostEdit = { unit, start: joined.node.getStart(unit.sf) + 1, end: joined.node.getEnd() - 1, text: baseUrl + (joined.literal.endsWith('/') ? '/' : '') };
      else {
        fixKind = 'none';
        manual = `the base it is joined to, \`${shortText(joined.node.getText(unit.sf))}\`, ${joined.origin === acc.hosts.legacy ? 'is the legacy host' : 'is not known to be the base host'}, and 2024-09 is served only on the base host: ${baseUrl ? 'move the base and the path together by hand' : 'set `baseUrl` in migrate-check.config.json so that `--fix` can move a base written there, or move them together by hand'}`;
      }
    }
    if (hostHere) {
      const base = acc.options.config.baseUrl ? baseHostname(acc.options.config.baseUrl) : undefined;
      if (otherHost) {
        fixKind = 'none';
        manual = `this request's host, \`${beside!.literal}\`, is none of the hosts in migrate-check.config.json: if it is the service's, point it at the base host with the 2024-09 path; if it is not, suppress this line`;
      } else if (!base) {
        fixKind = 'none';
        manual = `this request's host, \`${beside!.literal}\`, is not the base host, and 2024-09 is served only there: set \`baseUrl\` in migrate-check.config.json so that \`--fix\` can move the host with the path`;
      } else if ('why' in base || beside!.more) {
        fixKind = 'none';
        manual = `its host, \`${beside!.literal}\`, must move to the base host with it, and ${'why' in base ? base.why : 'the options also give a port or a protocol'}: move the host and the path together by hand`;
      } else hostEdit = { unit, start: beside!.node.getStart(unit.sf) + 1, end: beside!.node.getEnd() - 1, text: base.host };
    }
    if (movesHost) {
      if (otherHost) {
        fixKind = 'none';
        manual = `this full URL is on ${otherHost}, none of the hosts in migrate-check.config.json: if it is the service's, point it at the base host with the 2024-09 path; if it is not, suppress this line`;
      } else if (!acc.hosts.base) {
        fixKind = 'none';
        manual = 'this full URL is on the legacy host, and 2024-09 is served only on the base host: set `baseUrl` in migrate-check.config.json so that `--fix` can move it';
      } else {
        tokens = [acc.options.config.baseUrl!.replace(/\/+$/, ''), ...tokens];
        from = 0;
      }
    }
    // an object given to a call with its own `version: '2023-01'`: that version goes with the path
    if (fixKind !== 'none' && m.version === '2023-01' && pathDescribes2023(acc, e) === 'sent') {
      fixKind = 'none';
      manual = "the object it is written in gives the call its own `version: '2023-01'`, which `--fix` does not change: move the version and the path together by hand";
    }
    // a path written whole in an exported constant: read elsewhere in a way the check does not follow
    // (`ep.PICKUPS` through a namespace, `require`, `import()`), its request is not seen, so it stays
    const own = e.parent && ts.isVariableDeclaration(e.parent) && e.parent.initializer === e && ts.isIdentifier(e.parent.name) ? e.parent : undefined;
    const reads = fixKind !== 'none' && own && ts.isVariableStatement(own.parent?.parent) && ts.isSourceFile(own.parent.parent.parent) ? readsOfConstant(acc, unit, own as ts.VariableDeclaration & { name: ts.Identifier }) : undefined;
    // (or exported as a CommonJS member, `exports.PICKUPS = '/pickup/v1/pickups'`: its reads are members the check does not follow)
    const cjs = fixKind !== 'none' && e.parent && ts.isBinaryExpression(e.parent) && e.parent.right === e && /^(?:module\.)?exports\.[\w$]+$/.test(e.parent.left.getText(unit.sf).replace(/\s+/g, ''));
    if (cjs) {
      fixKind = 'none';
      manual = `it is exported as \`${e.parent.getChildAt(0).getText(unit.sf)}\`, whose reads in other modules the check does not follow to the requests they send: move the path and those requests together by hand`;
    }
    if (reads && 'unseen' in reads) {
      fixKind = 'none';
      manual = `${reads.unseen}, where the check cannot see the request it is sent with: move the path and that request together by hand`;
    }
    // a path in an endpoint map's entry: likewise, where the map is read in a way the check does not follow to its requests
    const entry = fixKind !== 'none' && !own ? mapEntryUnseen(acc, unit, e) : undefined;
    if (entry) {
      fixKind = 'none';
      manual = `${entry}: the request that sends this path, and its body, are not seen; move the path and that request together by hand`;
    }
    // SWR's mutation key, sent by its fetcher with what `trigger(…)` is given: a body the check does not see
    const hook = fixKind !== 'none' && rule.endpoint && BODY_METHODS.has(rule.endpoint.method) ? swrMutationKey(e) : undefined;
    if (hook) {
      fixKind = 'none';
      manual = `it is the key of \`${hook}(…)\`, whose fetcher sends it with the body \`trigger(…)\` is given, which the check does not follow: move the key, that body and the type it is written with together by hand`;
    }
    if (fixKind !== 'none') {
      edit = renderRegion(pieces, vt, from, m.end, tokens);
      if (!edit) {
        fixKind = 'none';
        manual = movesHost
          ? `its host, \`${m.origin}\`, is written apart from the path and must move to the base host with it: write the 2024-09 URL by hand`
          : 'the path is built in a way `--fix` cannot rewrite in place; write the 2024-09 path by hand';
      }
    }
    newShown = tokens.map((t) => (typeof t === 'string' ? t : '…')).join('');
    if (hostEdit && edit) newShown = `${newShown} on ${hostEdit.text}`;
  } else if (m.newPath && !writtenHere) {
    fixKind = 'none';
    // (the finding sits where the version is written: in the constant, or where the path is joined)
    const constant = regionPieces.find((p) => p.via.length > 0)?.via[0];
    const joinedAt = acc.placeOf(unit.file, lineOf(unit, e), locUnit.file);
    manual = constant ? `the path is joined from \`${constant.label}\` (${acc.placeOf(constant.unit.file, lineOf(constant.unit, constant.name), locUnit.file)}) and the text at ${joinedAt}, and \`--fix\` rewrites a path in one place: rewrite them together by hand` : 'part of this path comes from a constant defined elsewhere; rewrite the constant and this text together';
  }
  let message: string | Words;
  // the methods the config's `paths` maps this path for, where the entry does not apply to it (told to its body's findings)
  let entryFor: string[] = [];
  const where = ep ? `${ep.method} ${ep.old}` : oldShown;
  if (m.configured) message = says(`\`${oldShown}\` is ${m.version === 'v1' ? 'a legacy v1' : 'a 2023-01'} path the spec does not map; the config's \`paths\` gives it the 2024-09 form \`${ep?.new ?? '?'}\`${m.version === 'v1' || onLegacyHost ? ' on the base host' : ''}; `, note(fixKind, manual));
  else if (rule.id === 'v1-direct-handover') message = says(`\`${oldShown}\` (v1 direct handover) has no counterpart in 2024-09; `, note('none', 'decide what replaces it and remove the call'));
  else if (rule.id === 'v1-unmapped-path')
    message = says(`\`${oldShown}\` is a legacy v1 path that the spec gives no 2024-09 form for; `, note('none', 'look up the 2024-09 operation, move the call, and point it at the base host'));
  else if (rule.id === 'unmapped-2023-01-path') {
    const sent2024 = sendsNewBody(acc, e, unit);
    const assumed = (m.newPath ?? []).map((t) => (typeof t === 'string' ? t : '…')).join('');
    fixKind = edit ? 'unsafe' : 'none';
    // the `paths` entry that would let plain --fix move it, with the method where the call shows one
    const reads = methodAt(e) ? undefined : constantMethod(acc, unit, e, vt.text);
    const method = methodAt(e) ?? reads?.method;
    const entry = `"${method ? method + ' ' : ''}${configKey(oldShown)}": "${method ? method + ' ' : ''}${configKey(assumed)}"`;
    const what = sent2024
      ? `\`${oldShown}\` is a 2023-01 path the spec does not map, and the body sent to it is already in 2024-09 form (a 2024-09 body sent to a 2023-01 endpoint)`
      : `\`${oldShown}\` is a 2023-01 path the spec does not map`;
    // an entry the config gives with a method, where the method cannot be seen (a constant's path): it is not guessed
    const methods = method ? [] : configuredMethods(configKey(oldShown));
    entryFor = methods;
    const only = `the config's \`paths\` maps it only for ${methods.join(' and ')}`;
    const without = `give that entry without its method (\`"${configKey(oldShown)}": …\`) to move it for every request sent to it`;
    const advice = methods.length
      ? reads?.other
        ? reads.other.besideEntry
          ? `${only}, and it is also sent with ${reads.other.method} (${reads.other.at}), which no entry maps: the constant serves both requests, so the entry does not apply to it; give each request its own constant, or map ${reads.other.method} too`
          : `${only}, and it is sent with ${reads.other.method} (${reads.other.at}), which no entry maps: check the ${reads.other.method} request's 2024-09 form and map it`
        : reads?.unseen
          ? `${only}, which applies where every request sent to it shows that method, and ${reads.unseen}: ${without}`
          : `${only}, and the method it is sent with cannot be seen where the path is written: ${without}`
      : `check it in the 2024-09 reference; once checked, the config entry \`paths: { ${entry} }\` lets plain \`--fix\` move it`;
    message = says(`${what}; its assumed 2024-09 form is \`${assumed}\` (${advice}); `, note(fixKind, 'write the 2024-09 path by hand once it is checked'));
  } else if (m.half) message = says(`\`${oldShown}\` is half migrated: the 2024-09 version with the resource of the 2023-01 \`${where}\`; 2024-09 uses \`${ep?.new ?? '?'}\`; `, note(fixKind, manual));
  else message = says(`\`${oldShown}\` (${where}) is ${rule.from === 'v1' ? 'legacy v1' : '2023-01'}; 2024-09 uses \`${ep?.new ?? '?'}\`${m.version === 'v1' || onLegacyHost ? ' on the base host' : ''}; `, note(fixKind, manual));
  // (a path joined from several literals, `['pickup', 'v1', 'pickups'].join('/')`, is named as it is sent, not as the text between its first and last quote)
  const spansLiterals = /['"`]/.test(locUnit.fileText.slice(startPos + locUnit.offset, endPos + locUnit.offset));
  const f = acc.add(rule.id, locUnit, startPos, endPos, message, { edits: edit ? (hostEdit ? [edit, hostEdit] : [edit]) : undefined, fixKind, context: ctx, fixDescription: newShown ? `rewrite to ${newShown}` : undefined, newText: newShown, oldText: spansLiterals ? oldShown : undefined });
  if (f && entryFor.length) acc.entryNotApplied.set(f, entryFor);
  return f;
}

/**
 * A call of a small path helper of the project (`path(API_VERSION, 'webhooks')` with
 * `path = (v, p) => \`/${v}/${p}\``): a function whose one return is a template or a `+` of its
 * parameters, given a string or a constant. Its text is read with the arguments in place.
 */
function pathHelperCall(acc: AnalysisState, unit: Unit, c: ts.CallExpression): boolean {
  // (a string, a constant, or a text built in place: `endpoint(\`/courier_accounts/${id}\`)`, `endpoint('/x/' + id)`)
  const text = (a: ts.Expression) =>
    ts.isStringLiteral(a) || ts.isNoSubstitutionTemplateLiteral(a) || ts.isTemplateExpression(a) || (ts.isBinaryExpression(a) && a.operatorToken.kind === ts.SyntaxKind.PlusToken) || ts.isIdentifier(a) || ts.isPropertyAccessExpression(a);
  if (!c.arguments.length || !c.arguments.some(text)) return false;
  if (!ts.isIdentifier(c.expression)) return false;
  const r = acc.ev.returnedBy(unit, c)?.expr;
  return !!r && (ts.isTemplateExpression(r) || (ts.isBinaryExpression(r) && r.operatorToken.kind === ts.SyntaxKind.PlusToken));
}

/** Is this string an argument of a string method that tests or rewrites a text (`url.startsWith('/2023-01/')`, `.replace(…)`)? */
function textTested(e: ts.Node): boolean {
  let at = e;
  while (at.parent && ts.isParenthesizedExpression(at.parent)) at = at.parent;
  const call = at.parent;
  return !!call && ts.isCallExpression(call) && call.arguments.includes(at as ts.Expression) && ts.isPropertyAccessExpression(call.expression) && TEXT_METHODS.has(call.expression.name.text);
}
/** Is this string one side of an equality test (`url === '/pickup/v1'`) or a `case` label? */
function compared(e: ts.Node): boolean {
  let at = e;
  while (at.parent && ts.isParenthesizedExpression(at.parent)) at = at.parent;
  const p = at.parent;
  if (p && ts.isCaseClause(p) && p.expression === at) return true;
  const k = p && ts.isBinaryExpression(p) ? p.operatorToken.kind : undefined;
  return k === ts.SyntaxKind.EqualsEqualsEqualsToken || k === ts.SyntaxKind.ExclamationEqualsEqualsToken || k === ts.SyntaxKind.EqualsEqualsToken || k === ts.SyntaxKind.ExclamationEqualsToken;
}

/** Is this string the source of a regular expression (`new RegExp('^/pickup/v1/')`)? */
function regExpSource(e: ts.Node): boolean {
  let at = e;
  while (at.parent && ts.isParenthesizedExpression(at.parent)) at = at.parent;
  const p = at.parent;
  return !!p && (ts.isNewExpression(p) || ts.isCallExpression(p)) && ts.isIdentifier(p.expression) && p.expression.text === 'RegExp' && p.arguments?.[0] === at;
}
const TEXT_METHODS = new Set(['startsWith', 'endsWith', 'includes', 'indexOf', 'lastIndexOf', 'match', 'matchAll', 'search', 'replace', 'replaceAll', 'split', 'test']);

/** A path as a `paths` entry of the config writes it: each `${…}` or `…` a `{param}`. */
export function configKey(shown: string): string {
  // (a path written without its leading slash, as ky's prefixUrl wants it, is keyed with one)
  const path = shown.startsWith('/') ? shown : '/' + shown;
  // each `${…}` a parameter, to its own closing brace (a hole may hold templates of its own)
  let out = '';
  for (let i = 0; i < path.length; i++) {
    if (path[i] === '…' || (path[i] === '$' && path[i + 1] === '{')) {
      if (path[i] === '$') for (let depth = 0, j = i + 1; j < path.length; j++) {
        depth += path[j] === '{' ? 1 : path[j] === '}' ? -1 : 0;
        if (depth === 0 || j === path.length - 1) {
          i = j;
          break;
        }
      }
      out += '{param}';
    } else out += path[i];
  }
  return out.replace(/\?.*$/, '');
}

/** Does the call this URL is sent with carry a body already in 2024-09 form? */
export function sendsNewBody(acc: AnalysisState, e: ts.Node, unit: Unit): boolean {
  let call: ts.Node | undefined = e.parent;
  while (call && !ts.isCallExpression(call) && !ts.isSourceFile(call) && !ts.isBlock(call)) call = call.parent;
  if (!call || !ts.isCallExpression(call)) return false;
  return givesNewOnlyName(call.getText(unit.sf));
}

/** Is this a module's constant (`const ACCOUNTS = '/2023-01/courier_accounts'`) read only as the head of longer paths (`${ACCOUNTS}/${id}`, `ACCOUNTS + '/' + id`)? */
function onlyPrefix(acc: AnalysisState, unit: Unit, e: ts.Expression): boolean {
  const decl = e.parent;
  if (!decl || !ts.isVariableDeclaration(decl) || decl.initializer !== e || !ts.isIdentifier(decl.name)) return false;
  if (!ts.isVariableStatement(decl.parent?.parent) || !ts.isSourceFile(decl.parent.parent.parent)) return false;
  const found = readsOfConstant(acc, unit, decl as ts.VariableDeclaration & { name: ts.Identifier });
  if ('unseen' in found || !found.reads.length) return false;
  return found.reads.every(({ id }) => {
    const p = id.parent;
    if (ts.isTemplateSpan(p) && p.expression === id) return p.literal.text.startsWith('/') || (p.literal.text === '' && !ts.isTemplateTail(p.literal));
    return ts.isBinaryExpression(p) && p.left === id && p.operatorToken.kind === ts.SyntaxKind.PlusToken;
  });
}

/** Is this the text a function of the project returns, its path ending in the function's own parameter, where the project calls it? */
function helperOwnText(acc: AnalysisState, e: ts.Expression, m: PathMatch, pieces: Piece[], vt: Virtual): boolean {
  const fn = enclosingFunction(e);
  if (!fn || !returnExpressions(fn).some((r) => unwrap(r) === e)) return false;
  const last = pieces[vt.owner[m.end - 1]];
  if (!last || last.t !== 'hole' || !ts.isIdentifier(last.node)) return false;
  const d = acc.bindings.resolve(last.unit, last.node);
  return d?.kind === 'param' && d.fn === fn && callersOf(acc, fn).length > 0;
}
