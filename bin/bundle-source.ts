import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';

// Where a bundle is read from: a file, standard input ("-"), or an archive's address. The report
// ends by saying which, with the bytes' count and SHA-256, so a saved report names what it checked.

export interface ReadBundle {
  text: string;
  /** "Read from …: N bytes, SHA-256 …." */
  line: string;
}

const isAddress = (source: string) => /^https?:\/\//i.test(source);

async function fetchText(address: string): Promise<Buffer> {
  const answer = await fetch(address, { headers: { accept: 'application/json' } });
  const body = Buffer.from(await answer.arrayBuffer());
  if (!answer.ok) {
    const said = body.toString('utf8', 0, Math.min(body.length, 300)).trim();
    throw new Error(`${address} answered ${answer.status} ${answer.statusText}${said ? `: ${said}` : ''}`);
  }
  return body;
}

export async function readBundle(source: string): Promise<ReadBundle> {
  const bytes = isAddress(source) ? await fetchText(source) : readFileSync(source === '-' ? 0 : source);
  const where = isAddress(source) ? `from ${source}` : source === '-' ? 'from standard input' : source;
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  return {
    text: bytes.toString('utf8'),
    line: `Read ${where}: ${bytes.length.toLocaleString('en-US')} bytes, SHA-256 ${sha256}.`,
  };
}
