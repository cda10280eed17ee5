import { useCallback } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';

import { endpointFromSearch, rememberEndpoint, SAME_ORIGIN } from '../lib/chain/endpoint.ts';

/** The REST endpoint this page reads (see lib/endpoint.ts for where the choice is kept). */
export function useEndpoint(): string {
  const [search] = useSearchParams();
  return endpointFromSearch(search);
}

/** Switches endpoint: remembered locally, and put in the URL of the current page. */
export function useSetEndpoint(): (value: string) => void {
  const navigate = useNavigate();
  const location = useLocation();
  return useCallback(
    (value: string) => {
      rememberEndpoint(value);
      const params = new URLSearchParams(location.search);
      if (value === SAME_ORIGIN) params.delete('api');
      else params.set('api', value);
      const query = params.toString();
      navigate(`${location.pathname}${query ? `?${query}` : ''}`);
    },
    [navigate, location.pathname, location.search],
  );
}
