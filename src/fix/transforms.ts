// --fix runs the jscodeshift transforms under transforms/ in-process: each takes the chosen
// findings of its change kind through jscodeshift's options. Edits of the kinds not yet applied
// are shifted as the text changes, so the result equals applying all edits at once.
import type { API } from 'jscodeshift';
import endpointMoved from '../../transforms/endpoint-moved.js';
import eventRenamed from '../../transforms/event-renamed.js';
import fieldRenamed from '../../transforms/field-renamed.js';
import nestedPickup from '../../transforms/nested-pickup.js';
import webhookVersion from '../../transforms/webhook-version.js';
import type { TransformOptions } from '../../transforms/shared.js';
import type { ChangeKind, Finding, TextEdit } from '../types.js';

type Transform = (file: { path: string; source: string }, api: API, options: TransformOptions) => Promise<string | undefined>;

const ORDER: [ChangeKind, Transform][] = [
  ['endpoint-moved', endpointMoved],
  ['nested-pickup', nestedPickup],
  ['field-renamed', fieldRenamed],
  ['webhook-version', webhookVersion],
  ['event-renamed', eventRenamed],
];

function shift(e: TextEdit, applied: TextEdit[]): TextEdit {
  let d = 0;
  for (const a of applied) if (a.end <= e.start) d += a.text.length - (a.end - a.start);
  return { start: e.start + d, end: e.end + d, text: e.text };
}

/** Apply the chosen findings' edits to one file's text, transform by transform. */
export async function applyTransforms(file: string, source: string, chosen: Finding[], unsafe: boolean): Promise<string> {
  const api = {} as API;
  let text = source;
  let pending = chosen.filter((f) => f.edits && f.edits.length);
  for (const [kind, transform] of ORDER) {
    const mine = pending.filter((f) => f.changeKind === kind);
    if (!mine.length) continue;
    const out = await transform({ path: file, source: text }, api, { findings: mine, unsafe });
    const applied = mine.flatMap((f) => f.edits!);
    pending = pending.filter((f) => f.changeKind !== kind).map((f) => ({ ...f, edits: f.edits!.map((e) => shift(e, applied)) }));
    if (out !== undefined) text = out;
  }
  return text;
}
