// Settle for versioned bases: a base moves to /2024-09 with every relative path sent through it,
// or none of them does, and the base's finding names what holds it.

import { originOf } from '../core/paths.js';
import ts from '../core/ts.cjs';
import { configKey } from './detectors/paths.js';
import { checkBaseUses } from './detectors/base-uses.js';
import { codeSpan, virtualText } from './detectors/path-text.js';
import { constantStays } from './detectors/path-constants.js';
import { environmentTwins } from './detectors/replaced-environments.js';
import { UNMAPPED, memberKey } from './detectors/versioned-base.js';
import type { UnitEdit } from './render.js';
import type { AnalysisState, BaseGroup } from './state.js';
import { settleFamilyGroup } from './settle-v1-bases.js';
import { lineCol } from './units.js';

/**
 * Each versioned base moves to /2024-09 with all its relative paths, when every one of them has a
 * 2024-09 form and can be seen, and the base and every path lie in the files the run checks (a
 * run on narrower paths writes none other: moving the paths without their base would break them).
 */
export function finishBaseGroups(acc: AnalysisState): void {
  for (const g of acc.baseGroups.values()) {
    // (a base ending with a v1 family prefix is never moved: no environment file's twin moves with it)
    const { twins, apart } = g.family ? { twins: [], apart: [] } : environmentTwins(acc, g);
    // (a twin that is a base of its own, which some module imports directly, is settled as its own group)
    g.twins = twins.filter((t) => !acc.baseGroups.has(`${t.unit.file}:${t.start}`));
    g.twinsApart = apart;
    settleGroup(acc, g);
    for (const x of g.members) acc.memberGroups.set(memberKey(acc, x), g);
  }
}

/**
 * After requests are held (holdRequests): a movable group one of whose paths was left for a
 * person with its body is held as a whole (moving the base would move that path with it).
 */
export function reblockGroups(acc: AnalysisState): boolean {
  let changed = false;
  for (const g of acc.baseGroups.values()) {
    if (!g.movable) continue;
    // the base itself kept as it is (a suppression comment, a rule turned off, a literal type it is
    // checked against that stays: settle-path-types.ts): its paths stay with it
    const base = acc.findings.get(`${g.unit.file}:${baseStartOf(g) + g.unit.offset}:versioned-base-url`);
    if (base?.heldBecause?.code === 'kept-by-user' || base?.heldBecause?.code === 'path-type') {
      g.keptByUser = base.heldBecause.why;
      settleGroup(acc, g);
      changed = true;
      continue;
    }
    let held = false;
    for (const x of g.members) {
      const f = acc.findings.get(memberKey(acc, x));
      if (f && f.fixKind === 'none' && !x.heldBy) {
        // why it is held, as holdRequests decided it
        x.heldBy = f.heldBecause?.why ?? 'the request is left for a person as a whole';
        held = true;
      }
    }
    if (held) {
      settleGroup(acc, g);
      changed = true;
    }
  }
  return changed;
}

/** Where a base's finding starts: at the `/` before its version, where there is one. */
function baseStartOf(g: BaseGroup): number {
  return g.start - 1 >= 0 && g.unit.sf.text[g.start - 1] === '/' ? g.start - 1 : g.start;
}

export function settleGroup(acc: AnalysisState, g: BaseGroup): void {
  const given = acc.options.given;
  const baseStart = baseStartOf(g);
  if (g.family) return settleFamilyGroup(acc, g, baseStart);
  const twins = g.twins ?? [];
  const files = [...new Set([g.unit.file, ...twins.map((t) => t.unit.file), ...g.members.map((x) => x.unit.file), ...g.unseen.map((x) => x.unit.file)])];
  const outside = given ? files.filter((f) => !given.has(f)) : [];
  // generated code is never edited: a base or path written there holds the whole group
  const generated = outside.length ? [] : files.filter((f) => acc.generatedBy(f));
  const apart = outside.length ? outside : generated;
  if (apart.length) {
    g.movable = false;
    const where = apart.map((f) => acc.shownFile(f)).join(', ');
    const what = apart.includes(g.unit.file) ? 'the base is defined' : 'paths sent through it lie';
    const why = outside.length
      ? `${what} in ${where}, outside the files this run checks; \`--fix\` moves a base and its paths together, in a run over both`
      : `${what} in generated code (${where}), which \`--fix\` never edits; regenerate it for 2024-09, then move the rest with it`;
    acc.add('versioned-base-url', g.unit, baseStart, g.end,
      `The base URL \`${g.label}\` carries the 2023-01 version; every relative path sent through it is a 2023-01 path (${g.members.length} of them here), left for a person: ${why}.`,
      { replace: true });
    for (const x of g.members) {
      const ep = x.match.rule!.endpoint;
      acc.add(x.match.rule!.id, x.unit, x.start, x.end,
        `\`${x.own}\` sent through the versioned base URL \`${g.label}\` forms \`${x.shown}\`, a 2023-01 path${ep?.new ? `; 2024-09 uses \`${ep.new}\`` : ' the spec does not map'}; left for a person: ${why}.`,
        { replace: true, context: { kind: x.match.bodyContext ?? 'path', by: 'path', endpoint: ep ? `${ep.method} ${ep.old}` : undefined } });
    }
    return;
  }
  // every other use of what holds the base (its constants, the instance made with it) holds it
  checkBaseUses(acc, g);
  // a path written in a constant of its own moves only where every read of it is a request through this base
  for (const x of g.members)
    if (x.constant && x.constant.stays === undefined) {
      x.constant.stays = constantStays(acc, x.constant.via, x.constant.sends);
      if (x.constant.stays) x.edit = undefined;
    }
  // a base on the legacy host (its configured value, or a name that says so): 2024-09 is not served there
  g.legacyHost ??= legacyHostOf(acc, g) ?? '';
  const blocking = g.members.filter((x) => !x.edit);
  const heldWithBody = g.members.filter((x) => x.edit && x.heldBy);
  const movable = blocking.length === 0 && heldWithBody.length === 0 && g.unseen.length === 0 && g.exact && !g.env && !g.branch && !g.keptByUser && !g.twinsApart?.length && !g.legacyHost;
  g.movable = movable;
  const baseEdit: UnitEdit = { unit: g.unit, start: g.start, end: g.end, text: '2024-09' };
  // what holds the base, worded for the file of the finding that says it (a place in that file is
  // `line N`); each path named with its place
  const holdsAt = (from: string): string => {
    const named = (xs: BaseGroup['members']) => xs.map((x) => `\`${x.shown}\` (${acc.placeOf(x.unit.file, lineCol(x.unit.fileText, x.start + x.unit.offset).line, from)})`).join(', ');
    const reasons: string[] = [];
    // (a path with a 2024-09 form that cannot be rewritten where it is written, as one a shared helper builds)
    const noForm = blocking.filter((x) => !x.match.rule?.endpoint?.new);
    const notInPlace = blocking.filter((x) => !!x.match.rule?.endpoint?.new && !x.constant?.stays);
    if (noForm.length) reasons.push(`${named(noForm)} ${noForm.length === 1 ? 'has' : 'have'} no 2024-09 form`);
    if (notInPlace.length) reasons.push(`${named(notInPlace)} ${notInPlace.length === 1 ? 'is' : 'are'} built in a way \`--fix\` cannot rewrite in place`);
    for (const x of blocking) if (x.constant?.stays && x.match.rule?.endpoint?.new) reasons.push(`${named([x])} ${x.constant.stays(from)}`);
    if (heldWithBody.length) reasons.push(`${named(heldWithBody)} ${heldWithBody.length === 1 ? 'is' : 'are'} left for a person with the body sent to ${heldWithBody.length === 1 ? 'it' : 'them'}`);
    if (g.keptByUser) reasons.push(`the base itself is kept as it is (${g.keptByUser})`);
    if (g.legacyHost) reasons.push(`the base is ${g.legacyHost}, where 2024-09 is not served: point it at the base host, then move it and its paths together`);
    // the version is only the fallback of an environment variable, whose deployed value may carry its own
    if (g.env) reasons.push(`the base is read from the environment variable \`${g.env}\` first, and its deployed value, which \`--fix\` cannot see, may carry its own version: change that value, this fallback and the paths together`);
    // the version is one branch of a condition: the other may be sent as well
    if (g.branch) reasons.push(`its version is chosen by a condition (\`${g.branch}\`), whose other branch \`--fix\` does not decide: write the paths' 2024-09 forms and '2024-09' in every branch together`);
    for (const u of g.unseen) {
      const line = lineCol(u.unit.fileText, u.node.getStart(u.unit.sf) + u.unit.offset).line;
      reasons.push(`${codeSpan(u.node, u.unit.sf)} (${acc.shownFile(u.unit.file)}:${line}) sends through it ${u.why}`);
    }
    // another build's environment file gives the key a value that does not move with this one
    if (g.twinsApart?.length) reasons.push(`another build's environment file gives it ${g.twinsApart.join(', ')}, which does not carry the version the same way`);
    // the literal that holds the base's version is written with escapes: `--fix` cannot rewrite it in place
    if (!g.exact) reasons.push(`the text that holds its \`2023-01\` is written with escapes, which \`--fix\` cannot rewrite in place`);
    return reasons.join('; ');
  };
  const holds = holdsAt(g.unit.file);
  // a path the spec does not map, moved on its assumed 2024-09 form: the base and every path through it move only with `--unsafe`
  const onAssumption = movable ? g.members.filter((x) => x.match.rule?.id === UNMAPPED && !x.match.configured) : [];
  const kind = !movable ? 'none' : onAssumption.length ? 'unsafe' : 'safe';
  const assumedAt = (from: string) => onAssumption.map((x) => `\`${x.shown}\` (${acc.placeOf(x.unit.file, lineCol(x.unit.fileText, x.start + x.unit.offset).line, from)})`).join(', ');
  const moves = (from: string) => (kind === 'unsafe' ? `\`--fix --unsafe\` moves it with the base, on the assumed 2024-09 form of ${assumedAt(from)}, which the spec does not give; plain \`--fix\` leaves them all` : '`--fix` moves it with the base');
  acc.add('versioned-base-url', g.unit, baseStart, g.end,
    movable
      ? `The base URL \`${g.label}\` carries the 2023-01 version; every relative path sent through it is a 2023-01 path (${g.members.length} of them). ${kind === 'unsafe' ? `\`--fix --unsafe\` moves it to /2024-09 together with those paths, on the assumed 2024-09 form of ${assumedAt(g.unit.file)}, which the spec does not give; plain \`--fix\` leaves them all.` : '`--fix` moves it to /2024-09 together with those paths.'}`
      : `The base URL \`${g.label}\` carries the 2023-01 version; it cannot move to /2024-09 while ${holds} (left for a person: move those paths by hand, then the base).`,
    { edits: movable ? [baseEdit] : undefined, fixKind: kind, replace: true, fixDescription: "write '2024-09'", newText: '2024-09' });
  // a webhook `version` read from the base's constant moves with it: only with `--unsafe` where the base does
  if (kind === 'unsafe')
    for (const r of g.versionReads ?? []) {
      const f = acc.findings.get(`${r.unit.file}:${r.node.getStart(r.unit.sf) + r.unit.offset}:webhook-version`);
      if (f?.fixKind === 'safe') acc.assume(f, 'versioned-base', `the versioned base URL \`${g.label}\` it is also the version of (${acc.placeOf(g.unit.file, lineCol(g.unit.fileText, baseStart + g.unit.offset).line, f.file)})`);
    }
  // a webhook `version` read from the base's constant cannot move while the base stays: it holds its webhook (path, events)
  if (!movable)
    for (const r of g.versionReads ?? [])
      acc.add('webhook-version', r.unit, r.node.getStart(r.unit.sf), r.node.getEnd(), `The webhook \`version\` \`${r.shown}\` holds '2023-01'; a webhook for 2024-09 carries \`'2024-09'\`; left for a person: \`${r.shown}\` is also the version of the base URL it is defined as, which cannot move to /2024-09 while ${holds}: move the webhook's version, path and events together by hand.`, { fixKind: 'none', replace: true, context: r.context });
  // the same base in the environment files another build swaps in: it moves, or stays, with this one
  for (const t of twins) {
    const at = acc.placeOf(g.unit.file, lineCol(g.unit.fileText, baseStart + g.unit.offset).line, t.unit.file);
    acc.add('versioned-base-url', t.unit, t.start - 1, t.end,
      movable
        ? `The base URL \`${t.label}\` carries the 2023-01 version; the build swaps it in for \`${g.label}\` (${at}), which moves to /2024-09 with its paths: \`--fix\` moves this one with them.`
        : `The base URL \`${t.label}\` carries the 2023-01 version; the build swaps it in for \`${g.label}\` (${at}), which cannot move to /2024-09 while ${holdsAt(t.unit.file)} (left for a person: move those paths by hand, then both bases).`,
      { edits: movable ? [{ unit: t.unit, start: t.start, end: t.end, text: '2024-09' }] : undefined, fixKind: kind, replace: true, fixDescription: "write '2024-09'", newText: '2024-09' });
  }
  for (const x of g.members) {
    const rule = x.match.rule!;
    const ep = rule.endpoint;
    const context = { kind: x.match.bodyContext ?? 'path', by: 'path' as const, endpoint: ep ? `${ep.method} ${ep.old}` : undefined };
    if (x.heldBy) {
      acc.add(rule.id, x.unit, x.start, x.end, `\`${x.own}\` sent through the versioned base URL \`${g.label}\` forms \`${x.shown}\`, a 2023-01 path${ep?.new ? `; 2024-09 uses \`${ep.new}\`` : ' the spec does not map'}; left for a person: ${x.heldBy}; the base waits for it.`, { fixKind: 'none', replace: true, context });
      continue;
    }
    // an unmapped path: the `paths` entry that, once its 2024-09 form is checked, lets plain `--fix` move it with the base
    const assumed = rule.id === 'unmapped-2023-01-path' && x.match.newPath ? x.match.newPath.map((t) => (typeof t === 'string' ? t : '…')).join('') : undefined;
    const entry = assumed ? ` (its assumed 2024-09 form is \`${assumed}\`; once checked in the 2024-09 reference, the config entry \`paths: { "${configKey(x.shown)}": "${configKey(assumed)}" }\` lets plain \`--fix\` move it with the base)` : '';
    const msg = movable
      ? `\`${x.own}\` sent through the versioned base URL \`${g.label}\` forms \`${x.shown}\`${ep ? ` (${ep.method ? `${ep.method} ` : ''}${ep.old})` : ''}${ep?.new ? `; 2024-09 uses \`${ep.new}\`` : `, a 2023-01 path the spec does not map${entry}`}; ${onAssumption.includes(x) ? '`--fix --unsafe` moves it with the base (an assumption: check it); plain `--fix` leaves them all' : moves(x.unit.file)}.`
      : `\`${x.own}\` sent through the versioned base URL \`${g.label}\` forms \`${x.shown}\`, a 2023-01 path${ep?.new ? `; 2024-09 uses \`${ep.new}\`` : ` the spec does not map${entry}`}; left for a person: it moves only with the base, which is held back (${holdsAt(x.unit.file)}).`;
    const f = acc.add(rule.id, x.unit, x.start, x.end, msg, { edits: movable && x.edit ? [x.edit] : undefined, fixKind: kind, replace: true, context });
    if (f && kind === 'unsafe') acc.assumedAs(f, 'versioned-base');
  }
}

/** How a base is known to be the legacy host's: its host is the configured `legacyBaseUrl`'s, or a constant it comes through is named for it (`LEGACY_API`). */
function legacyHostOf(acc: AnalysisState, g: BaseGroup): string | undefined {
  const named = g.vias.find((v) => /legacy/i.test(v.label));
  if (named) return `named for the legacy host (\`${named.label}\`)`;
  if (!acc.hosts.legacy || !ts.isExpression(g.literal)) return undefined;
  const text = virtualText(acc.pieces(g.unit, g.literal)).text;
  const origin = /^[a-z][a-z0-9+.-]*:\/\/[^/?#\s\ue000-\uf8ff]+/i.exec(text)?.[0];
  return origin && originOf(origin) === acc.hosts.legacy ? `on the legacy host (\`${origin}\`, the config's \`legacyBaseUrl\`)` : undefined;
}
