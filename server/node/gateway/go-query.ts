import { invalidArgument } from '../../lib/grpc-status.ts';

// net/url.ParseQuery, whose error (bad escape, a semicolon) the gateway turns into a 400.

function unescape(s: string): string {
  if (!s.includes('%') && !s.includes('+')) return s;
  const bytes: number[] = [];
  for (let i = 0; i < s.length; i++) {
    const c = s[i];
    if (c === '%') {
      const hex = s.slice(i + 1, i + 3);
      if (!/^[0-9a-fA-F]{2}$/.test(hex)) {
        throw invalidArgument(`invalid URL escape ${JSON.stringify(s.slice(i, i + 3))}`);
      }
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else if (c === '+') bytes.push(32);
    else bytes.push(...Buffer.from(c, 'utf8'));
  }
  return Buffer.from(bytes).toString('utf8');
}

export function parseGoQuery(raw: string): Map<string, string[]> {
  const out = new Map<string, string[]>();
  let firstError: Error | null = null;
  for (const part of raw.split('&')) {
    if (part === '') continue;
    if (part.includes(';')) {
      firstError ??= invalidArgument('invalid semicolon separator in query');
      continue;
    }
    const eq = part.indexOf('=');
    try {
      const k = unescape(eq === -1 ? part : part.slice(0, eq));
      const v = unescape(eq === -1 ? '' : part.slice(eq + 1));
      const list = out.get(k) ?? [];
      list.push(v);
      out.set(k, list);
    } catch (e) {
      firstError ??= e as Error;
    }
  }
  if (firstError) throw firstError;
  return out;
}
