import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterAll, describe, expect, it } from 'vitest';

import { parseWebhookOptions, webhookSecretFrom } from './webhook-options.ts';

// Bad webhook options stop start-up before anything opens, with a message naming the option.

const root = decodeURIComponent(new URL('../../../', import.meta.url).pathname);
const dataDir = mkdtempSync(join(tmpdir(), 'polity-webhook-options-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** Runs Polity's command line as `npm run serve` does; its exit code and what it printed. */
function polity(args: string[]): Promise<{ code: number | null; stderr: string }> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'server/main.ts', '--data-dir', dataDir, '--port', '0', '--rpc-port', 'off', ...args],
    { cwd: root, stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  // Options that were accepted would start a server: it is stopped, and the test fails on its code.
  const stop = setTimeout(() => child.kill('SIGKILL'), 20_000);
  return new Promise((resolve) =>
    child.on('exit', (code) => {
      clearTimeout(stop);
      resolve({ code, stderr });
    }),
  );
}

describe('webhook options', () => {
  it('stop start-up on a URL that is not http(s), or a secret without a receiver', async () => {
    const [notHttp, secretAlone] = await Promise.all([
      polity(['--webhook', 'ftp://hooks.example.org/polity']),
      polity(['--webhook-secret', 'shh']),
    ]);
    expect(notHttp).toEqual({
      code: 2,
      stderr: '--webhook "ftp://hooks.example.org/polity": only http:// and https:// receivers can be sent events\n',
    });
    expect(secretAlone).toEqual({
      code: 2,
      stderr: 'the webhook secret signs what --webhook sends: give at least one --webhook URL\n',
    });
  }, 30_000);

  it('name the option for every kind of bad value', () => {
    const bad =
      (urls: string[], secret?: string, archived = true) =>
      () =>
        parseWebhookOptions(urls, secret, archived);
    expect(bad(['hooks.example.org/polity'])).toThrow('--webhook "hooks.example.org/polity" is not a URL');
    expect(bad(['http://'])).toThrow('--webhook "http://" is not a URL');
    expect(bad(['javascript:alert(1)'])).toThrow('only http:// and https://');
    expect(bad(['https://hooks.example.org/a#b'])).toThrow(
      '--webhook "https://hooks.example.org/a#b": a receiver URL has no #fragment',
    );
    expect(bad(['https://hooks.example.org/a'], '')).toThrow('the webhook secret must not be empty');
    expect(bad(['https://hooks.example.org/a'], undefined, false)).toThrow('--webhook sends the archive’s events');
    expect(parseWebhookOptions([], undefined, true)).toBeNull();
    expect(
      parseWebhookOptions(['https://hooks.example.org/a', 'https://HOOKS.example.org/a'], 'shh', true),
    ).toMatchObject({ urls: ['https://hooks.example.org/a'], secret: 'shh', timeoutMs: 10_000 });
  });

  it('never repeat a receiver’s credentials in a message', () => {
    const messageOf = (url: string) => {
      try {
        parseWebhookOptions([url], undefined, true);
      } catch (error) {
        return (error as Error).message;
      }
      return 'accepted';
    };
    expect(messageOf('ftp://alice:hunter2@hooks.example.org/polity')).toBe(
      '--webhook "ftp://…@hooks.example.org/polity": only http:// and https:// receivers can be sent events',
    );
    expect(messageOf('https://alice:hunter2@hooks.example.org/a#b')).not.toContain('hunter2');
    expect(messageOf('alice:hunter2@hooks.example.org')).not.toContain('hunter2');
  });

  it('take the secret from a file or the environment, once, so it stays out of the process list', () => {
    const file = join(dataDir, 'webhook-secret');
    writeFileSync(file, 's3cret\n');
    const none = { option: undefined, file: undefined, environment: undefined };
    expect(webhookSecretFrom({ ...none, file })).toBe('s3cret');
    expect(webhookSecretFrom({ ...none, environment: 'from-env' })).toBe('from-env');
    expect(webhookSecretFrom({ ...none, option: 'shh' })).toBe('shh');
    expect(webhookSecretFrom(none)).toBeUndefined();
    expect(() => webhookSecretFrom({ ...none, option: 'shh', environment: 'from-env' })).toThrow(
      'give the webhook secret once: --webhook-secret and POLITY_WEBHOOK_SECRET are both set',
    );
    expect(() => webhookSecretFrom({ ...none, file: join(dataDir, 'missing') })).toThrow(
      /^--webhook-secret-file ".*missing" cannot be read \(ENOENT\)$/,
    );
  });
});
