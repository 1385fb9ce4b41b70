// Text tests the pre-filter, the cutting of a run into parts and the analysis share: does a text
// set axios' default base URL? (Every module calling axios itself then sends through that base.)

/** Does the text set axios' default base URL (`axios.defaults.baseURL = …`)? */
export function setsAxiosDefaults(text: string): boolean {
  return text.includes('baseURL') && /\bdefaults\s*(?:\.\s*baseURL\b|\[\s*['"`]baseURL['"`]\s*\])/.test(text);
}

/**
 * Does the text set a default base for the axios calls of an app: axios' own defaults, or Nest's
 * `HttpModule.register({ baseURL })` (the base of every injected `HttpService`)? The modules that
 * call axios are then read, and analysed, with it.
 */
export function setsClientDefaults(text: string): boolean {
  return setsAxiosDefaults(text) || (text.includes('HttpModule') && /\bHttpModule\s*\.\s*register(?:Async)?\s*\(/.test(text));
}
