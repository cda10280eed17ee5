import { describe, expect, it } from 'vitest';

import type { FactVerdict } from './bundle-verify.ts';
import { countFacts } from './report-words.ts';

// The headline counts what is proven in plain English: "2 group policies", never "policys".

const fact = (kind: string): FactVerdict => ({
  kind: 'store',
  height: '10',
  claim: { kind },
  proven: { kind },
  ok: true,
  how: 'ICS23',
});

describe('counting facts', () => {
  it('says each kind of record in its plural', () => {
    expect(countFacts([fact('policy'), fact('policy'), fact('member'), fact('member'), fact('member')])).toBe(
      '2 group policies and 3 memberships',
    );
    expect(countFacts([fact('policy'), fact('vote')])).toBe('1 group policy and 1 vote');
    expect(countFacts([fact('vote'), fact('vote'), fact('upgrade-applied')])).toBe('2 votes and 1 applied upgrade');
  });
});
