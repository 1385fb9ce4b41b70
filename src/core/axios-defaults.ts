// A text test the pre-filter, the cutting of a run into parts and the analysis share: does a text
// set axios' default base URL? (Every module calling axios itself then sends through that base.)

/** Does the text set axios' default base URL (`axios.defaults.baseURL = …`)? */
export function setsAxiosDefaults(text: string): boolean {
  return text.includes('baseURL') && /\bdefaults\s*(?:\.\s*baseURL\b|\[\s*['"`]baseURL['"`]\s*\])/.test(text);
}
