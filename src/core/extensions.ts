// The kinds of file migrate-check reads, by extension: modules, and components whose script parts
// it reads (Vue, Svelte, Astro).

export const SOURCE_EXTENSIONS = ['.js', '.jsx', '.ts', '.tsx', '.mjs', '.cjs', '.mts', '.cts'];
export const COMPONENT_EXTS = ['.vue', '.svelte', '.astro'];
export const ALL_EXTENSIONS = [...SOURCE_EXTENSIONS, ...COMPONENT_EXTS];
/** A TypeScript module, where a type checker types what the code writes. */
export const TS_FILE = /\.(?:tsx?|mts|cts)$/i;
