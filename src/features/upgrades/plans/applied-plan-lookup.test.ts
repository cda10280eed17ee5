import { describe, expect, it } from 'vitest';

import { nameHint } from './applied-plan-lookup.tsx';

describe('plan name hints', () => {
  const known = ['v6-cirrus', 'v7-dorado', 'V8-Eridanus'];
  it('offers a known name that differs only by case, or that starts like the one typed', () => {
    expect(nameHint('V6-CIRRUS', known)).toBe('v6-cirrus');
    expect(nameHint('v8-eridanus', known)).toBe('V8-Eridanus');
    expect(nameHint('v7', known)).toBe('v7-dorado');
  });
  it('never suggests a name the chain does not have, nor the name itself', () => {
    expect(nameHint('v9-fornax', known)).toBeNull();
    expect(nameHint('v6-cirrus', known)).toBeNull();
    expect(nameHint('v', known)).toBeNull();
    expect(nameHint('anything', [])).toBeNull();
  });
});
