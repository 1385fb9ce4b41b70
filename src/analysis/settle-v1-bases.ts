// Settle for bases that end with a legacy v1 family prefix (`ky.create({ prefixUrl:
// 'https://legacy…/pickup/v1' })`): each relative path sent through one forms a v1 path
// (`pickups` forms `/pickup/v1/pickups`), reported where it is written with the rule of that path
// and its 2024-09 form. `--fix` does not split the prefix from the base (the base would point at
// the base host with `/2024-09`, and each path take its own 2024-09 form), so the base and its
// paths are left for a person together, and the base's finding names those paths.

import { familyMapped, originOf } from '../core/paths.js';
import { codeSpan } from './detectors/path-text.js';
import type { AnalysisState, BaseGroup } from './state.js';
import { lineCol } from './units.js';

type Member = BaseGroup['members'][number];

/** Does this path formed through the base have a 2024-09 form (the spec's, or the config's `paths`)? */
const hasForm = (x: Member): boolean => !!x.match.rule?.endpoint?.new;

export function settleFamilyGroup(acc: AnalysisState, g: BaseGroup, baseStart: number): void {
  g.movable = false;
  const family = g.family!;
  const prefix = `/${family}`;
  // the finding the base's own text made as a path (v1-unmapped-path, "no 2024-09 form"): replaced by the base's
  acc.findings.delete(`${g.unit.file}:${baseStart + g.unit.offset}:v1-unmapped-path`);
  const baseLine = lineCol(g.unit.fileText, baseStart + g.unit.offset).line;
  const placeOf = (x: { unit: Member['unit'] }, at: number, from: string) => acc.placeOf(x.unit.file, lineCol(x.unit.fileText, at + x.unit.offset).line, from);
  // the host the base names, where a path formed through it shows one
  const origin = g.members.find((x) => x.match.origin)?.match.origin;
  const onLegacy = !!origin && !!acc.hosts.legacy && originOf(origin) === acc.hosts.legacy;
  const carries = origin ? `the ${onLegacy ? 'legacy ' : ''}host \`${origin}\` and the v1 prefix \`${prefix}\`` : `the v1 prefix \`${prefix}\``;
  const baseHost = acc.options.config.baseUrl ? `the base host (${acc.options.config.baseUrl.replace(/\/+$/, '')})` : 'the base host';
  const split = `the base carries ${carries}, which \`--fix\` does not split from it: point the base at ${baseHost} with \`/2024-09\` and write each path sent through it in its 2024-09 form, together`;

  const moving = g.members.some(hasForm) || familyMapped(family.replace(/\/v1$/, ''));
  const named = (from: string) =>
    g.members.map((x) => `\`${x.own}\` forms \`${x.shown}\` (${placeOf(x, x.start, from)}${hasForm(x) ? `; 2024-09: \`${x.match.rule!.endpoint!.new}\`` : x.match.rule?.id === 'v1-direct-handover' ? '; no counterpart in 2024-09' : '; no 2024-09 form in the spec'})`).join(', ');
  const unseen = g.unseen.map((u) => `${codeSpan(u.node, u.unit.sf)} (${placeOf(u, u.node.getStart(u.unit.sf), g.unit.file)}) sends through it ${u.why}`);
  const paths = [g.members.length ? named(g.unit.file) : '', ...unseen].filter(Boolean).join('; ');
  // a base whose paths (some of them) move to 2024-09 is a legacy base (legacy-base-url); one
  // whose paths have no 2024-09 form stays a v1 path of its family that the spec does not map
  const baseRule = moving ? 'legacy-base-url' : 'v1-unmapped-path';
  acc.add(baseRule, g.unit, baseStart, g.end,
    `The base URL \`${g.label}\` carries ${carries} of every relative path sent through it, each a legacy v1 path (${paths}); left for a person: ${moving ? `point it at ${baseHost} with \`/2024-09\` and write each of those paths in its 2024-09 form, together (\`--fix\` does not split a base from its v1 prefix)` : 'look up the 2024-09 operation of each of those paths, move the calls, and point them at the base host'}.`,
    { replace: true, fixKind: 'none' });

  for (const x of g.members) {
    const rule = x.match.rule!;
    const ep = rule.endpoint;
    const context = { kind: x.match.bodyContext ?? 'path', by: 'path' as const, endpoint: ep ? `${ep.method} ${ep.old}` : undefined };
    const through = `\`${x.own}\` sent through the base URL \`${g.label}\` (${acc.placeOf(g.unit.file, baseLine, x.unit.file)}) forms \`${x.shown}\``;
    let msg: string;
    if (x.match.configured) msg = `${through}, a legacy v1 path the spec does not map; the config's \`paths\` gives it the 2024-09 form \`${ep?.new ?? '?'}\` on the base host; left for a person: ${split}.`;
    else if (rule.id === 'v1-direct-handover') msg = `${through} (v1 direct handover), which has no counterpart in 2024-09; left for a person: decide what replaces it and remove the call.`;
    else if (!hasForm(x)) msg = `${through}, a legacy v1 path that the spec gives no 2024-09 form for; left for a person: look up the 2024-09 operation, move the call, and point it at the base host.`;
    else msg = `${through} (${ep!.method} ${ep!.old}), legacy v1; 2024-09 uses \`${ep!.new}\` on the base host; left for a person: ${split}.`;
    acc.add(rule.id, x.unit, x.start, x.end, msg, { fixKind: 'none', replace: true, context });
  }
}
