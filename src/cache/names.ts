// The names a text declares as functions and the names it calls, read from the text alone (a
// superset: names in strings and comments count too). The analysis looks for a wrapper's callers by
// the wrapper's name, over every module it has loaded, imported or not (forwardedArgs in
// src/analysis/detectors/body-objects.ts); the cache ties the files where it looked to every file
// that calls or declares a name it looked for (graph.ts).

/** Words that look like a call or a declaration in a text and are neither. */
const KEYWORDS = new Set([
  'if', 'for', 'while', 'switch', 'catch', 'function', 'return', 'typeof', 'new', 'super', 'import', 'require', 'await', 'yield',
  'with', 'do', 'else', 'try', 'case', 'void', 'delete', 'in', 'of', 'instanceof', 'async', 'export', 'const', 'let', 'var',
]);

/** Every identifier, and what follows it when that makes it a call, a declaration or a method. */
const IDENTIFIER = /[A-Za-z_$][\w$]*(\s*(?:<[^<>()\n]*>\s*)?(?:\?\.\s*)?\(|\s*[:=]\s*(?:async\s*)?(?:function\b|\(|[A-Za-z_$][\w$]*\s*=>))?/g;
/** After `name(`: the rest of a method's head, up to its body (`name(a, b): T {`). */
const METHOD_REST = /[^()]*\)\s*(?::[^{};=()]*)?\{/y;
const FUNCTION_KEYWORD = /\bfunction\s*\*?\s*$/;

export interface Names {
  /** functions and methods it declares (a function, a method with a body, a function or arrow given a name) */
  declares: string[];
  /** names it calls (`name(`, `x.name(`, `name<T>(`) */
  calls: string[];
}

export function namesOf(text: string): Names {
  const declares = new Set<string>();
  const calls = new Set<string>();
  for (const m of text.matchAll(IDENTIFIER)) {
    const tail = m[1];
    if (!tail) continue;
    const name = m[0].slice(0, m[0].length - tail.length);
    if (KEYWORDS.has(name)) continue;
    if (/^\s*[:=]/.test(tail)) {
      declares.add(name);
      continue;
    }
    calls.add(name);
    METHOD_REST.lastIndex = m.index! + m[0].length;
    if (METHOD_REST.test(text) || FUNCTION_KEYWORD.test(text.slice(Math.max(0, m.index! - 12), m.index))) declares.add(name);
  }
  return { declares: [...declares].sort(), calls: [...calls].sort() };
}

/** Each name the files call or declare, with the files that do (the ties of a name looked for over every file). */
export function filesByName(files: Iterable<string>, names: (file: string) => Names | undefined): Map<string, string[]> {
  const byName = new Map<string, string[]>();
  for (const file of files) {
    const n = names(file);
    for (const name of new Set([...(n?.calls ?? []), ...(n?.declares ?? [])])) {
      const list = byName.get(name);
      if (list) list.push(file);
      else byName.set(name, [file]);
    }
  }
  return byName;
}
