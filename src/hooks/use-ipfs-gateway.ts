import { useSyncExternalStore } from 'react';

import { currentGateway, onGatewayChange } from '../lib/chain/ipfs.ts';

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
