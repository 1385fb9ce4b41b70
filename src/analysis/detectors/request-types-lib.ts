// The few global types the type checker of request types (request-types.ts) is given, instead of
// TypeScript's own lib: enough to follow a request type through arrays, maps, sets, promises,
// callbacks and the utility types, and nothing else.

// The few global types the checker needs to follow arrays, maps, sets, promises, callbacks and
// the utility types a request type is commonly wrapped in (no DOM or Node typings: request shapes
// are the client's own types). Each method says only what ties its callbacks and results to the
// element type; the rest of the real lib is left out, so that it parses in well under a millisecond.
export const MINI_LIB = `
interface SymbolConstructor { readonly iterator: unique symbol; }
declare var Symbol: SymbolConstructor;
interface Symbol {}
interface IteratorYieldResult<T> { done?: false; value: T; }
interface IteratorReturnResult<R> { done: true; value: R; }
type IteratorResult<T, R = any> = IteratorYieldResult<T> | IteratorReturnResult<R>;
interface Iterator<T, R = any, N = any> { next(): IteratorResult<T, R>; }
interface Iterable<T, R = any, N = any> { [Symbol.iterator](): Iterator<T, R, N>; }
interface IterableIterator<T, R = any, N = any> extends Iterator<T, R, N> { [Symbol.iterator](): IterableIterator<T, R, N>; }
interface ReadonlyArray<T> {
  readonly length: number; readonly [n: number]: T; [Symbol.iterator](): IterableIterator<T>;
  map<U>(cb: (value: T, index: number, array: readonly T[]) => U): U[];
  flatMap<U>(cb: (value: T, index: number, array: T[]) => U | readonly U[]): U[];
  filter<S extends T>(cb: (value: T, index: number, array: readonly T[]) => value is S): S[];
  filter(cb: (value: T, index: number, array: readonly T[]) => unknown): T[];
  forEach(cb: (value: T, index: number, array: readonly T[]) => void): void;
  find<S extends T>(cb: (value: T, index: number, array: readonly T[]) => value is S): S | undefined;
  find(cb: (value: T, index: number, array: readonly T[]) => unknown): T | undefined;
  findLast(cb: (value: T, index: number, array: readonly T[]) => unknown): T | undefined;
  findIndex(cb: (value: T, index: number, array: readonly T[]) => unknown): number;
  findLastIndex(cb: (value: T, index: number, array: readonly T[]) => unknown): number;
  some(cb: (value: T, index: number, array: readonly T[]) => unknown): boolean;
  every(cb: (value: T, index: number, array: readonly T[]) => unknown): boolean;
  reduce(cb: (acc: T, value: T, index: number, array: readonly T[]) => T): T;
  reduce<U>(cb: (acc: U, value: T, index: number, array: readonly T[]) => U, initial: U): U;
  reduceRight(cb: (acc: T, value: T, index: number, array: readonly T[]) => T): T;
  reduceRight<U>(cb: (acc: U, value: T, index: number, array: readonly T[]) => U, initial: U): U;
  at(index: number): T | undefined; slice(start?: number, end?: number): T[]; concat(...items: (T | readonly T[])[]): T[];
  includes(value: T, from?: number): boolean; indexOf(value: T, from?: number): number; lastIndexOf(value: T, from?: number): number;
  join(sep?: string): string; entries(): IterableIterator<[number, T]>; keys(): IterableIterator<number>; values(): IterableIterator<T>;
  toSorted(cb?: (a: T, b: T) => number): T[]; toReversed(): T[]; with(index: number, value: T): T[];
}
interface Array<T> extends ReadonlyArray<T> {
  length: number; [n: number]: T;
  map<U>(cb: (value: T, index: number, array: T[]) => U): U[];
  filter<S extends T>(cb: (value: T, index: number, array: T[]) => value is S): S[];
  filter(cb: (value: T, index: number, array: T[]) => unknown): T[];
  concat(...items: (T | readonly T[])[]): T[];
  push(...items: T[]): number; unshift(...items: T[]): number; pop(): T | undefined; shift(): T | undefined;
  splice(start: number, count?: number, ...items: T[]): T[];
  sort(cb?: (a: T, b: T) => number): this; reverse(): T[]; fill(value: T, start?: number, end?: number): this;
}
interface ArrayConstructor { new <T>(...items: T[]): T[]; from<T>(items: Iterable<T> | ArrayLike<T>): T[]; from<T, U>(items: Iterable<T> | ArrayLike<T>, cb: (v: T, k: number) => U): U[]; of<T>(...items: T[]): T[]; isArray(a: any): a is any[]; }
declare var Array: ArrayConstructor;
interface ArrayLike<T> { readonly length: number; readonly [n: number]: T; }
interface ReadonlyMap<K, V> {
  readonly size: number; get(key: K): V | undefined; has(key: K): boolean;
  forEach(cb: (value: V, key: K, map: ReadonlyMap<K, V>) => void): void;
  entries(): IterableIterator<[K, V]>; keys(): IterableIterator<K>; values(): IterableIterator<V>; [Symbol.iterator](): IterableIterator<[K, V]>;
}
interface Map<K, V> extends ReadonlyMap<K, V> { set(key: K, value: V): this; delete(key: K): boolean; clear(): void; }
interface MapConstructor { new <K, V>(entries?: Iterable<readonly [K, V]> | readonly (readonly [K, V])[] | null): Map<K, V>; }
declare var Map: MapConstructor;
interface WeakMap<K extends object, V> { get(key: K): V | undefined; set(key: K, value: V): this; has(key: K): boolean; delete(key: K): boolean; }
interface WeakMapConstructor { new <K extends object, V>(entries?: readonly (readonly [K, V])[] | null): WeakMap<K, V>; }
declare var WeakMap: WeakMapConstructor;
interface ReadonlySet<T> {
  readonly size: number; has(value: T): boolean; forEach(cb: (value: T, value2: T, set: ReadonlySet<T>) => void): void;
  entries(): IterableIterator<[T, T]>; keys(): IterableIterator<T>; values(): IterableIterator<T>; [Symbol.iterator](): IterableIterator<T>;
}
interface Set<T> extends ReadonlySet<T> { add(value: T): this; delete(value: T): boolean; clear(): void; }
interface SetConstructor { new <T>(values?: Iterable<T> | readonly T[] | null): Set<T>; }
declare var Set: SetConstructor;
interface ObjectConstructor {
  keys(o: object): string[]; values<T>(o: { [s: string]: T } | ArrayLike<T>): T[]; entries<T>(o: { [s: string]: T } | ArrayLike<T>): [string, T][];
  fromEntries<T>(entries: Iterable<readonly [PropertyKey, T]>): { [k: string]: T };
  assign<T extends {}, U>(target: T, source: U): T & U; assign<T extends {}, U, V>(target: T, a: U, b: V): T & U & V; freeze<T>(o: T): Readonly<T>;
}
declare var Object: ObjectConstructor;
interface Boolean {} interface Function {} interface CallableFunction extends Function {} interface NewableFunction extends Function {}
interface IArguments {} interface Number {} interface Object {} interface RegExp {} interface String { readonly length: number; }
interface PromiseLike<T> { then<R1 = T, R2 = never>(onfulfilled?: ((value: T) => R1 | PromiseLike<R1>) | null, onrejected?: ((reason: any) => R2 | PromiseLike<R2>) | null): PromiseLike<R1 | R2>; }
interface Promise<T> {
  then<R1 = T, R2 = never>(onfulfilled?: ((value: T) => R1 | PromiseLike<R1>) | null, onrejected?: ((reason: any) => R2 | PromiseLike<R2>) | null): Promise<R1 | R2>;
  catch<R = never>(onrejected?: ((reason: any) => R | PromiseLike<R>) | null): Promise<T | R>; finally(cb?: (() => void) | null): Promise<T>;
}
interface PromiseConstructor {
  new <T>(executor: (resolve: (value: T | PromiseLike<T>) => void, reject: (reason?: any) => void) => void): Promise<T>;
  resolve<T>(value: T): Promise<Awaited<T>>; all<T extends readonly unknown[] | []>(values: T): Promise<{ -readonly [P in keyof T]: Awaited<T[P]> }>;
}
declare var Promise: PromiseConstructor;
interface TemplateStringsArray extends ReadonlyArray<string> {}
type PropertyKey = string | number | symbol;
type Partial<T> = { [P in keyof T]?: T[P] }; type Required<T> = { [P in keyof T]-?: T[P] }; type Readonly<T> = { readonly [P in keyof T]: T[P] };
type Pick<T, K extends keyof T> = { [P in K]: T[P] }; type Record<K extends keyof any, T> = { [P in K]: T };
type Omit<T, K extends keyof any> = Pick<T, Exclude<keyof T, K>>; type Exclude<T, U> = T extends U ? never : T; type Extract<T, U> = T extends U ? T : never;
type NonNullable<T> = T & {}; type Awaited<T> = T extends null | undefined ? T : T extends object & { then(onfulfilled: infer F, ...args: infer _): any } ? F extends (value: infer V, ...args: infer _) => any ? Awaited<V> : never : T;
type ReturnType<T extends (...args: any) => any> = T extends (...args: any) => infer R ? R : any; type Parameters<T extends (...args: any) => any> = T extends (...args: infer P) => any ? P : never;
`;
export const MINI_LIB_NAME = '/__migrate-check__/lib.d.ts';
