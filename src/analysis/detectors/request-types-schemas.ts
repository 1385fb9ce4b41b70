// The schema libraries the type checker of request types is given in place of their own typings
// (node_modules stay out of its program): enough for a type inferred from an object schema
// (`z.infer<typeof schema>`, `v.InferOutput<typeof schema>`) to be an object type whose members
// are the keys of the schema's object literal, nested schemas included. A call this does not
// declare is `any`, as an unresolved import is; the keys around it still type the body.

/** What zod and valibot declare, as the one file each module name resolves to. */
const ZOD = `
export declare namespace z {
  interface ZodType<O = any, I = O> {
    readonly _output: O; readonly _input: I;
    [method: string]: any;
    optional(): ZodType<O | undefined, I | undefined>; nullable(): ZodType<O | null, I | null>; nullish(): ZodType<O | null | undefined, I | null | undefined>;
    array(): ZodType<O[], I[]>; default(v: any): ZodType<O, I | undefined>; catch(v: any): ZodType<O, I>;
    strict(): this; strip(): this; passthrough(): this; describe(d: string): this; readonly(): this; brand(...a: any[]): this;
    refine(...a: any[]): this; superRefine(...a: any[]): this; min(...a: any[]): this; max(...a: any[]): this;
    extend<E extends Shape>(e: E): ZodType<O & Out<E>, I & In<E>>; safeExtend<E extends Shape>(e: E): ZodType<O & Out<E>, I & In<E>>;
    merge<S extends ZodType>(s: S): ZodType<O & S['_output'], I & S['_input']>;
    parse(v: unknown): O; safeParse(v: unknown): { success: boolean; data?: O }; parseAsync(v: unknown): Promise<O>; safeParseAsync(v: unknown): Promise<{ success: boolean; data?: O }>;
  }
  type ZodTypeAny = ZodType; type ZodSchema<O = any> = ZodType<O>; type ZodObject<S extends Shape = any> = ZodType<Out<S>, In<S>>;
  type Shape = { [k: string]: ZodType };
  type Out<S> = { [K in keyof S]: S[K] extends ZodType<infer O, any> ? O : never };
  type In<S> = { [K in keyof S]: S[K] extends ZodType<any, infer I> ? I : never };
  type infer<T extends ZodType> = T['_output']; type output<T extends ZodType> = T['_output']; type TypeOf<T extends ZodType> = T['_output']; type input<T extends ZodType> = T['_input'];
  function object<S extends Shape>(s: S): ZodType<Out<S>, In<S>>; function strictObject<S extends Shape>(s: S): ZodType<Out<S>, In<S>>;
  function looseObject<S extends Shape>(s: S): ZodType<Out<S>, In<S>>;
  function array<T extends ZodType>(t: T): ZodType<T['_output'][], T['_input'][]>; function optional<T extends ZodType>(t: T): ZodType<T['_output'] | undefined, T['_input'] | undefined>;
  function string(...a: any[]): ZodType<string>; function number(...a: any[]): ZodType<number>; function boolean(...a: any[]): ZodType<boolean>;
  function literal<L extends string | number | boolean>(l: L): ZodType<L>; function any(): ZodType<any>; function unknown(): ZodType<unknown>;
}
export { z as default };
export declare type ZodType<O = any, I = O> = z.ZodType<O, I>;
export declare type infer<T extends z.ZodType> = T['_output']; export declare type input<T extends z.ZodType> = T['_input']; export declare type output<T extends z.ZodType> = T['_output'];
export declare const object: typeof z.object, strictObject: typeof z.object, looseObject: typeof z.object, array: typeof z.array, optional: typeof z.optional;
export declare const string: typeof z.string, number: typeof z.number, boolean: typeof z.boolean, literal: typeof z.literal;
`;

const VALIBOT = `
export interface Schema<O = any, I = O> { readonly _output: O; readonly _input: I; readonly [key: string]: any }
type Shape = { [k: string]: Schema };
type Out<S> = { [K in keyof S]: S[K] extends Schema<infer O, any> ? O : never };
type In<S> = { [K in keyof S]: S[K] extends Schema<any, infer I> ? I : never };
export type InferOutput<T extends Schema> = T['_output']; export type InferInput<T extends Schema> = T['_input'];
export type Output<T extends Schema> = T['_output']; export type Input<T extends Schema> = T['_input'];
export type GenericSchema<O = any> = Schema<O>; export type ObjectSchema<S extends Shape = any, M = any> = Schema<Out<S>, In<S>>;
export declare function object<S extends Shape>(s: S, ...a: any[]): Schema<Out<S>, In<S>>;
export declare function strictObject<S extends Shape>(s: S, ...a: any[]): Schema<Out<S>, In<S>>;
export declare function looseObject<S extends Shape>(s: S, ...a: any[]): Schema<Out<S>, In<S>>;
export declare function objectWithRest<S extends Shape>(s: S, ...a: any[]): Schema<Out<S>, In<S>>;
export declare function pipe<T extends Schema>(t: T, ...actions: any[]): T;
export declare function optional<T extends Schema>(t: T, ...a: any[]): Schema<T['_output'] | undefined, T['_input'] | undefined>;
export declare function nullable<T extends Schema>(t: T, ...a: any[]): Schema<T['_output'] | null, T['_input'] | null>;
export declare function nullish<T extends Schema>(t: T, ...a: any[]): Schema<T['_output'] | null | undefined, T['_input'] | null | undefined>;
export declare function array<T extends Schema>(t: T, ...a: any[]): Schema<T['_output'][], T['_input'][]>;
export declare function string(...a: any[]): Schema<string>; export declare function number(...a: any[]): Schema<number>; export declare function boolean(...a: any[]): Schema<boolean>;
export declare function literal<L extends string | number | boolean>(l: L, ...a: any[]): Schema<L>;
export declare function parse<T extends Schema>(s: T, v: unknown): T['_output']; export declare function safeParse<T extends Schema>(s: T, v: unknown): { success: boolean; output?: T['_output'] };
`;

/** The module names given these typings (where the project resolves them to no file of its own), each with its file. */
export const SCHEMA_MODULES = new Map<string, { file: string; text: string }>([
  ['zod', { file: '/__migrate-check__/zod.d.ts', text: ZOD }],
  ['zod/v4', { file: '/__migrate-check__/zod.d.ts', text: ZOD }],
  ['zod/v3', { file: '/__migrate-check__/zod.d.ts', text: ZOD }],
  ['valibot', { file: '/__migrate-check__/valibot.d.ts', text: VALIBOT }],
]);

/** The text of one of these files, by its name. */
export const schemaModuleText = (file: string): string | undefined => [...SCHEMA_MODULES.values()].find((m) => m.file === file)?.text;
