// Adding names to the config's `legacyBases` in the text of a config file (JSON with comments, or
// the "migrate-check" key of a package.json), keeping every comment and the file's layout: a new
// key goes on a line of its own after the last one, as its neighbours are indented; a name joins
// an existing array as its items are written (on one line, or a line each).
import jsonc from 'jsonc-parser';

const KEY = 'legacyBases';

/** The names of `legacyBases` in a config object node (none when the key is absent). */
function arrayOf(obj: jsonc.Node): jsonc.Node | undefined {
  const prop = obj.children?.find((p) => p.children?.[0].value === KEY);
  return prop?.children?.[1];
}

/** The config object: the root, or its `key` (package.json's "migrate-check"). */
function configObject(tree: jsonc.Node | undefined, key?: string): jsonc.Node | undefined {
  if (!tree || tree.type !== 'object') return undefined;
  if (!key) return tree;
  const prop = tree.children?.find((p) => p.children?.[0].value === key);
  const v = prop?.children?.[1];
  return v?.type === 'object' ? v : undefined;
}

const indentAt = (text: string, offset: number): string => {
  const lineStart = text.lastIndexOf('\n', offset - 1) + 1;
  return /^[ \t]*/.exec(text.slice(lineStart))![0];
};

/** The names a config text already gives in `legacyBases` (none when it has no such key). */
export function recordedNames(text: string, key?: string): string[] {
  const obj = configObject(jsonc.parseTree(text, [], { allowTrailingComma: true }), key);
  const arr = obj && arrayOf(obj);
  return arr?.type === 'array' ? (arr.children ?? []).map((c) => c.value).filter((v): v is string => typeof v === 'string') : [];
}

/**
 * The config text with `names` added to `legacyBases` (the caller leaves out the names it gives
 * already). Undefined when the text has no config object to add them to.
 */
export function addLegacyBases(text: string, names: string[], key?: string): string | undefined {
  const bom = text.startsWith('\ufeff') ? '\ufeff' : '';
  const body = text.slice(bom.length);
  const eol = body.includes('\r\n') ? '\r\n' : '\n';
  const obj = configObject(jsonc.parseTree(body, [], { allowTrailingComma: true }), key);
  if (!obj) return undefined;
  const quoted = names.map((n) => JSON.stringify(n));
  const insert = (at: number, s: string, at2?: number, s2?: string) => {
    // two insertions, the later offset first
    let out = body;
    if (at2 !== undefined && s2 !== undefined) out = out.slice(0, at2) + s2 + out.slice(at2);
    return bom + out.slice(0, at) + s + out.slice(at);
  };
  const arr = arrayOf(obj);
  if (arr && arr.type === 'array') {
    const items = arr.children ?? [];
    if (!items.length) return insert(arr.offset + 1, quoted.join(', '));
    const last = items[items.length - 1];
    const end = last.offset + last.length;
    const multiline = body.slice(arr.offset, arr.offset + arr.length).includes('\n');
    const sep = multiline ? `,${eol}${indentAt(body, last.offset)}` : ', ';
    return insert(end, sep + quoted.join(sep));
  }
  if (arr) return undefined; // `legacyBases` is there but not an array: validation reports it
  const props = obj.children ?? [];
  const entry = `"${KEY}": [${quoted.join(', ')}]`;
  if (!props.length) {
    const edits = jsonc.modify(body, key ? [key, KEY] : [KEY], names, { formattingOptions: { insertSpaces: true, tabSize: 2, eol } });
    return bom + jsonc.applyEdits(body, edits);
  }
  const last = props[props.length - 1];
  const end = last.offset + last.length;
  const lineEnd = body.indexOf('\n', end) < 0 ? body.length : body.indexOf('\n', end);
  const rest = body.slice(end, lineEnd).replace(/\r$/, '');
  const comma = /^\s*,/.test(rest);
  const indent = indentAt(body, last.offset);
  // the last key ends its line (a comment may follow it): the new key goes on a line of its own
  if (/^\s*,?\s*(\/\/.*|\/\*.*\*\/\s*)?$/.test(rest)) {
    const at = body[lineEnd - 1] === '\r' ? lineEnd - 1 : lineEnd;
    // a trailing comma after the last key stays the file's style
    return comma ? insert(at, `${eol}${indent}${entry},`) : insert(end, ',', at, `${eol}${indent}${entry}`);
  }
  return comma ? insert(end + rest.indexOf(',') + 1, ` ${entry},`) : insert(end, `, ${entry}`);
}
