import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';

import type { TallyResult } from '../../api/schemas.ts';
import { archiveAudit, nodeAudit, type Audit, type Progress } from './audit-sources.ts';

export type { Audit } from './audit-sources.ts';

/** Where the votes to recount come from: the chain while voting, the archive once final. */
export type RecountSource =
  { from: 'node'; groupId: string | undefined } | { from: 'archive'; finalTally: TallyResult };

/**
 * The auditor's recount: an action the user starts (a mutation), not data a page subscribes to;
 * leaving the page abandons the requests.
 */
export function useRecount(endpoint: string, proposalId: string, source: RecountSource) {
  const [progress, setProgress] = useState<Progress>({ votes: 0, members: 0 });
  const running = useRef<AbortController | null>(null);
  useEffect(() => () => running.current?.abort(), []);
  const mutation = useMutation({
    mutationFn: async (): Promise<Audit> => {
      running.current?.abort();
      const controller = new AbortController();
      running.current = controller;
      if (source.from === 'archive')
        return archiveAudit(endpoint, proposalId, source.finalTally, controller.signal, setProgress);
      if (source.groupId === undefined) throw new Error('The group of this proposal is not loaded yet.');
      return nodeAudit(endpoint, proposalId, source.groupId, controller.signal, setProgress);
    },
  });
  return { ...mutation, progress };
}
