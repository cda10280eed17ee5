import { vi } from 'vitest';

import { jsonResponse } from './render.tsx';

type Answer = unknown | ((url: URL) => Response);

/**
 * A stand-in for a node's REST API, installed as the global fetch: each path (without its query)
 * answers with a canned body, or a function of the URL for pages; any other path answers the way
 * a real node says "not found" (HTTP 500, gRPC code 2). `requests` lists every URL asked for.
 */
export function stubNode(answers: Record<string, Answer>, headers: Record<string, string> = {}) {
  const requests: string[] = [];
  const fetch = vi.fn(async (input: string | URL | Request) => {
    const url = new URL(String(input instanceof Request ? input.url : input), 'http://polity.test');
    requests.push(`${url.pathname}${url.search}`);
    // Through a proxy (?api=/upstream/name) the API path follows the prefix.
    const answer = answers[url.pathname.slice(url.pathname.indexOf('/cosmos/'))];
    if (answer === undefined) return jsonResponse({ code: 2, message: 'not found', details: [] }, 500);
    if (typeof answer === 'function') return (answer as (url: URL) => Response)(url);
    return jsonResponse(answer, 200, headers);
  });
  vi.stubGlobal('fetch', fetch);
  return { fetch, requests };
}
