// What a run does with the compiler, done once on a few lines of client-like code just before the
// compiler's V8 code cache is written (src/core/compiler-loader.cts). V8 compiles a function when it
// first runs, and a cache made right after the bundle has run holds only the code compiled up front:
// every later run then compiled the parser's and the type checker's functions again when it first
// used them (the checker's alone about 20 ms a run, on a type check of 14 small files). A cache made
// after this holds them too. Any error here is swallowed: the cache is then written as it stands.

import type tsType = require('./compiler-types.cjs');

type TS = typeof tsType;

/** Client-like modules of each kind the analysis parses: types and a request body, a class, JSX, CommonJS. */
export const SAMPLES: { name: string; kind: 'TS' | 'TSX' | 'JSX'; text: string }[] = [
  {
    name: '/warm-up/api.ts',
    kind: 'TS',
    text: `import axios, { type AxiosInstance } from 'axios';
import * as config from './config';
export const BASE = \`\${config.HOST}/2023-01\`;
export enum Kind { Label = 'label', Pickup = 'pickup' }
export interface LabelBody { courier_id: string; shipments: { id: number; weight?: number }[] }
export type PickupBody = Partial<Pick<LabelBody, 'courier_id'>> & { preferred_date: string };
namespace Paths { export const LABELS = '/labels'; }
@Injectable({ providedIn: 'root' })
export class Client<T extends object = LabelBody> {
  private readonly http: AxiosInstance = axios.create({ baseURL: BASE });
  constructor(private token?: string) {}
  async create(body: T, id = 1): Promise<T | undefined> {
    const { data } = await this.http.post<T>(\`\${Paths.LABELS}/\${id}\`, body, { headers: { Authorization: this.token ?? '' } });
    return data?.[0] ?? (data as T);
  }
}
export function label(courier_id: string, ...ids: number[]): LabelBody {
  const body: LabelBody = { courier_id, shipments: ids.map((id) => ({ id })) };
  for (const s of body.shipments) if (s.weight! > 10) s.weight = 10;
  return body satisfies LabelBody;
}
declare function Injectable(o: object): ClassDecorator;
`,
  },
  {
    name: '/warm-up/config.ts',
    kind: 'TS',
    text: "export const HOST = process.env.API_HOST || 'https://api.example.test';\nexport default { HOST } as const;\n",
  },
  {
    name: '/warm-up/form.tsx',
    kind: 'TSX',
    text: `import React, { useState } from 'react';
import { label, type LabelBody } from './api';
export default function Form({ onSent }: { onSent: (b: LabelBody) => void }) {
  const [id, setId] = useState<string>('');
  const send = async () => onSent(label(id, 1, 2));
  return <form onSubmit={(e) => { e.preventDefault(); void send(); }}><input value={id} onChange={(e) => setId(e.target.value)} />{id && <span>{id}</span>}</form>;
}
`,
  },
  {
    name: '/warm-up/legacy.js',
    kind: 'JSX',
    text: `'use strict';
const fetch = require('node-fetch');
const { HOST } = require('./config');
/** @param {{ courier_id: string }} body */
async function book(body, date = new Date()) {
  const res = await fetch(HOST + '/pickup/v1/pickups', { method: 'POST', body: JSON.stringify({ ...body, preferred_date: date.toISOString() }) });
  return res.ok ? res.json() : Promise.reject(new Error(\`failed: \${res.status}\`));
}
module.exports = { book };
exports.version = '2023-01';
`,
  },
];

/** The little of the standard library the sample's types need. */
const LIB = `interface Array<T> { length: number; [n: number]: T; map<U>(f: (v: T, i: number) => U): U[]; }
interface ReadonlyArray<T> { length: number; [n: number]: T }
interface String { length: number } interface Number {} interface Boolean {} interface Object {} interface Function {}
interface CallableFunction {} interface NewableFunction {} interface IArguments {} interface RegExp {} interface Symbol {}
interface Promise<T> { then<R>(f: (v: T) => R): Promise<R> } interface PromiseLike<T> {} interface TemplateStringsArray {}
interface Date { toISOString(): string } declare var Date: { new (): Date };
interface Error { message: string } declare var Error: { new (m?: string): Error };
declare var Promise: { reject(e: unknown): Promise<never> };
type Partial<T> = { [P in keyof T]?: T[P] }; type Pick<T, K extends keyof T> = { [P in K]: T[P] };
type ClassDecorator = <F extends Function>(target: F) => F | void;
declare var process: { env: Record<string, string | undefined> };
type Record<K extends keyof any, T> = { [P in K]: T };
declare function require(name: string): any; declare var module: { exports: any }; declare var exports: any;
`;

/** Parse the samples, walk them, and type-check them as the checks do. Returns how many nodes were asked about. */
export function warmUp(ts: TS): number {
  const kinds = { TS: ts.ScriptKind.TS, TSX: ts.ScriptKind.TSX, JSX: ts.ScriptKind.JSX };
  const files = new Map<string, tsType.SourceFile>();
  for (const s of SAMPLES) files.set(s.name, ts.createSourceFile(s.name, s.text, ts.ScriptTarget.Latest, false, kinds[s.kind]));
  const libName = '/warm-up/lib.d.ts';
  files.set(libName, ts.createSourceFile(libName, LIB, ts.ScriptTarget.Latest, true));
  const resolve = (name: string) => {
    const target = `/warm-up/${name.replace(/^\.\//, '')}`;
    const hit = ['.ts', '.tsx', '.js'].map((e) => target + e).find((f) => files.has(f));
    return hit ? { resolvedFileName: hit, extension: hit.slice(hit.lastIndexOf('.')) as tsType.Extension, isExternalLibraryImport: false } : undefined;
  };
  const host: tsType.CompilerHost = {
    getSourceFile: (f) => files.get(f),
    getDefaultLibFileName: () => libName,
    writeFile: () => {},
    getCurrentDirectory: () => '/warm-up',
    getCanonicalFileName: (f) => f,
    useCaseSensitiveFileNames: () => true,
    getNewLine: () => '\n',
    fileExists: (f) => files.has(f),
    readFile: (f) => files.get(f)?.text,
    resolveModuleNames: (names) => names.map(resolve),
  };
  const options: tsType.CompilerOptions = { allowJs: true, noEmit: true, types: [], jsx: ts.JsxEmit.Preserve, experimentalDecorators: true, target: ts.ScriptTarget.Latest, module: ts.ModuleKind.ESNext };
  const program = ts.createProgram({ rootNames: SAMPLES.map((s) => s.name), options, host });
  const checker = program.getTypeChecker();
  let asked = 0;
  const visit = (n: tsType.Node, sf: tsType.SourceFile): void => {
    n.getStart(sf);
    if (ts.isIdentifier(n)) {
      const symbol = checker.getSymbolAtLocation(n);
      if (symbol && symbol.flags & ts.SymbolFlags.Alias) checker.getAliasedSymbol(symbol);
      if (symbol) checker.getTypeOfSymbol(symbol);
      const type = checker.getTypeAtLocation(n);
      checker.typeToString(checker.getNonNullableType(type));
      asked++;
    } else if (ts.isObjectLiteralExpression(n)) {
      checker.getContextualType(n);
      const type = checker.getTypeAtLocation(n);
      checker.isArrayType(type);
      checker.isTupleType(type);
      asked++;
    } else if (ts.isTypeNode(n)) {
      checker.getTypeFromTypeNode(n);
      asked++;
    } else if (ts.isCallExpression(n)) {
      checker.getResolvedSignature(n);
      asked++;
    }
    ts.forEachChild(n, (c) => visit(c, sf));
  };
  for (const s of SAMPLES) {
    const sf = program.getSourceFile(s.name);
    if (!sf) continue;
    sf.getLineAndCharacterOfPosition(sf.text.length - 1);
    visit(sf, sf);
  }
  return asked;
}
