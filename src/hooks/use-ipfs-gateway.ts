import { useSyncExternalStore } from 'react';

import { currentGateway, onGatewayChange } from '../lib/ipfs.ts';

/** The IPFS gateway the user set ('' for none). */
export function useIpfsGateway(): string {
  return useSyncExternalStore(
    (listener) => {
      const stop = onGatewayChange(listener);
      return () => void stop();
    },
    currentGateway,
    () => '',
  );
}
