// Offsets to 1-based lines and columns (CR, LF and CRLF line ends), for every file kind.

/** 1-based line and column of an offset in a text. */
export function lineCol(text: string, offset: number, starts?: number[]): { line: number; column: number } {
  const ls = starts ?? lineStarts(text);
  let lo = 0;
  let hi = ls.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (ls[mid] <= offset) lo = mid;
    else hi = mid - 1;
  }
  return { line: lo + 1, column: offset - ls[lo] + 1 };
}

/** Where each line starts; a byte order mark is no column of the first line (ESLint counts after it). */
export function lineStarts(text: string): number[] {
  const out = [text.charCodeAt(0) === 0xfeff ? 1 : 0];
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 10) out.push(i + 1);
    else if (c === 13) {
      if (text.charCodeAt(i + 1) === 10) i++;
      out.push(i + 1);
    }
  }
  return out;
}
