import { resolve4, resolve6, type LookupAddress } from 'node:dns';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP, type LookupFunction } from 'node:net';

// One short GET of a registry endpoint. Names are resolved through c-ares (dns.resolve), not the
// system's getaddrinfo: that runs on libuv's four shared threads, which the service's file reads
// wait for too — seventy endpoints behind a slow resolver would hold up the service's start.

const NETWORK_ERRORS: Record<string, string> = {
  ECONNREFUSED: 'connection refused',
  ECONNRESET: 'connection reset',
  ENOTFOUND: 'host not found',
  ENODATA: 'host not found',
  ESERVFAIL: 'host not found (name server failed)',
  ETIMEOUT: 'host not found (name lookup timed out)',
  EHOSTUNREACH: 'host unreachable',
  ENETUNREACH: 'network unreachable',
};

export class ProbeFailure extends Error {}

const lookup: LookupFunction = (hostname, options, callback) => {
  const answer = (error: NodeJS.ErrnoException | null, addresses: LookupAddress[]) => {
    if (error || addresses.length === 0) {
      const failure: NodeJS.ErrnoException = error ?? new Error(`no address for ${hostname}`);
      failure.code ??= 'ENOTFOUND';
      return callback(failure, '', 4);
    }
    if (options.all) return callback(null, addresses);
    callback(null, addresses[0].address, addresses[0].family);
  };
  if (isIP(hostname)) return answer(null, [{ address: hostname, family: isIP(hostname) }]);
  resolve4(hostname, (error4, v4) => {
    if (!error4 && v4.length > 0)
      return answer(
        null,
        v4.map((address) => ({ address, family: 4 })),
      );
    resolve6(hostname, (error6, v6) =>
      answer(
        error6 ? error4 : null,
        (v6 ?? []).map((address) => ({ address, family: 6 })),
      ),
    );
  });
};

/** GETs `url` within `deadlineMs`, at most `maxBytes` of it; rejects with a ProbeFailure in words. */
export function probeGet(url: URL, deadlineMs: number, maxBytes: number): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
    const outgoing = send(url, { headers: { accept: 'application/json' }, lookup, agent: false });
    const fail = (why: string) => {
      clearTimeout(deadline);
      outgoing.destroy();
      reject(new ProbeFailure(why));
    };
    const deadline = setTimeout(() => fail(`no answer within ${deadlineMs / 1000} s`), deadlineMs);
    outgoing.on('error', (error: NodeJS.ErrnoException) => {
      const code = error.code ?? '';
      fail(NETWORK_ERRORS[code] ?? (code.includes('CERT') ? `TLS: ${code}` : code || error.message));
    });
    outgoing.on('response', (incoming) => {
      const chunks: Buffer[] = [];
      let size = 0;
      incoming.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > maxBytes) fail(`answered more than ${maxBytes} bytes`);
        else chunks.push(chunk);
      });
      incoming.on('error', () => fail('broke off its answer'));
      incoming.on('end', () => {
        clearTimeout(deadline);
        resolve({ status: incoming.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') });
      });
    });
    outgoing.end();
  });
}
