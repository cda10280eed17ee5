import { describe, expect, it } from 'vitest';

import { moduleHistories } from './module-history.ts';

describe('module histories from the archive’s version records', () => {
  it('tell first seen (at the record’s start), added later, and changed from one version to another', () => {
    const { recordStart, byModule } = moduleHistories([
      { name: 'gov', version: '5', height: '900' },
      { name: 'bank', version: '4', height: '500' },
      { name: 'gov', version: '5', height: '500' },
      { name: 'gov', version: '6', height: '1000' },
      { name: 'circuit', version: '1', height: '900' },
      { name: 'bank', version: '4', height: '1000' },
    ]);
    expect(recordStart).toBe('500');
    expect(byModule.get('bank')).toEqual({ kind: 'first-seen', version: '4', height: '500' });
    expect(byModule.get('circuit')).toEqual({ kind: 'added', version: '1', height: '900' });
    expect(byModule.get('gov')).toEqual({ kind: 'changed', version: '6', from: '5', height: '1000' });
  });

  it('hold nothing without records', () => {
    expect(moduleHistories([])).toEqual({ recordStart: null, byModule: new Map() });
  });
});
