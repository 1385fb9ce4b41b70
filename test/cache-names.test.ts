// The names the cache ties files by (src/cache/names.ts): what a text declares as a function and
// what it calls, read from the text alone.
import { describe, expect, it } from 'vitest';
import { namesOf } from '../dist/src/cache/names.js';

describe('namesOf', () => {
  it('reads functions, methods with a body and named arrows as declared; calls as called', () => {
    const text = [
      'export function createPickup(body) { return http.post(PATH, body); }',
      'export const bookLabel = async (body: Body) => send(body);',
      'const quick = b => b;',
      'class Client {',
      '  listCouriers(query: Query): Promise<Courier[]> {',
      '    return this.get<Courier[]>(`/couriers`, query);',
      '  }',
      '  declaredOnly(x: number): void;',
      '}',
      'const api = { track: function (id) { return id; } };',
      'if (ready) { run?.(1); }',
    ].join('\n');
    expect(namesOf(text)).toEqual({
      declares: ['bookLabel', 'createPickup', 'listCouriers', 'quick', 'track'],
      calls: ['createPickup', 'declaredOnly', 'get', 'listCouriers', 'post', 'run', 'send'],
    });
  });

  it('finds nothing in a text without calls or functions', () => {
    expect(namesOf("export const PATH = '/2023-01/labels';\n// a comment\n")).toEqual({ declares: [], calls: [] });
  });
});
