import { describe, expect, it } from 'vitest';
import { checkRequirement } from './permission-check.ts';

describe('checkRequirement', () => {
  it('allows an all-of requirement only when every permission is held', () => {
    expect(checkRequirement({ allOf: ['access', 'admin'] }, ['access', 'admin'])).toEqual({
      kind: 'allowed',
    });
    expect(checkRequirement({ allOf: ['access', 'admin'] }, ['access'])).toEqual({ kind: 'denied' });
  });

  it('allows an any-of requirement when one permission is held', () => {
    expect(checkRequirement({ anyOf: ['admin', 'owner'] }, ['access', 'owner'])).toEqual({ kind: 'allowed' });
    expect(checkRequirement({ anyOf: ['admin', 'owner'] }, ['access'])).toEqual({ kind: 'denied' });
  });

  it('denies when the user holds nothing on a workspace', () => {
    expect(checkRequirement({ allOf: ['access'] }, [])).toEqual({ kind: 'denied' });
    expect(checkRequirement({ allOf: ['access'] }, undefined)).toEqual({ kind: 'denied' });
  });

  it('rejects unknown permission names even when the rest is held', () => {
    expect(checkRequirement({ anyOf: ['access', 'superuser'] }, ['access'])).toEqual({
      kind: 'invalid',
      unknown: ['superuser'],
    });
  });

  it('rejects an empty requirement rather than letting everyone in', () => {
    expect(checkRequirement({ allOf: [] }, ['access'])).toEqual({ kind: 'invalid', unknown: [] });
  });
});
