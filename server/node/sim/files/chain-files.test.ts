import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

import { describe, expect, it } from 'vitest';

import { chainWith, editLines, grow, linesAt, read, stateOf } from '../../../test/chain-files-kit.ts';
import { openNode } from '../../../test/harness.ts';
import { ChainDataError } from './persistence.ts';

/** Start-up must stop with a message naming `file`, and leave every file as it was. */
function expectRefused(dir: string, file: string, message: RegExp): void {
  const before = readdirSync(dir).map((name) => [name, readFileSync(join(dir, name)).toString('hex')]);
  let error: unknown;
  try {
    openNode({ dataDir: dir });
  } catch (caught) {
    error = caught;
  }
  expect(error).toBeInstanceOf(ChainDataError);
  expect((error as Error).message).toContain(join(dir, file));
  expect((error as Error).message).toMatch(message);
  expect((error as Error).message).toContain('--reset');
  const after = readdirSync(dir).map((name) => [name, readFileSync(join(dir, name)).toString('hex')]);
  expect(after).toEqual(before);
}

describe('a damaged end of blocks.log is cut back, and says so', () => {
  it('a torn last line: the file is cut to its good part, the state is the one shown at that height', () => {
    const { dir, node, history, log } = chainWith(20);
    const good = read(log);
    const lastLine = good.toString().trimEnd().split('\n').at(-1) ?? '';
    writeFileSync(log, Buffer.concat([good, Buffer.from(lastLine.slice(0, 25))]));
    const restarted = openNode({ dataDir: dir });
    expect(restarted.height).toBe(node.height);
    expect(stateOf(restarted)).toBe(history.get(restarted.height));
    expect(read(log).equals(good)).toBe(true);
    expect(linesAt('warn').join('\n')).toMatch(
      new RegExp(`blocks\\.log: cut back to height ${node.height}, dropping 1 damaged block line`),
    );
    // It lives on from there, and a second restart agrees with it.
    grow(restarted, 3, history);
    expect(stateOf(openNode({ dataDir: dir }))).toBe(stateOf(restarted));
  });

  it('zeros left by a power loss and a changed digit in the last line are cut the same way', () => {
    const { dir, node, history, log } = chainWith(12);
    writeFileSync(log, Buffer.concat([read(log), Buffer.alloc(512)]));
    expect(openNode({ dataDir: dir }).height).toBe(node.height);
    editLines(log, (lines) => lines.map((line, i) => (i === lines.length - 2 ? line.replace(/ (\d)/, ' 9$1') : line)));
    const restarted = openNode({ dataDir: dir });
    expect(restarted.height).toBe(node.height - 1n);
    expect(stateOf(restarted)).toBe(history.get(restarted.height));
    expect(linesAt('warn')).toHaveLength(2);
  });
});

describe('damage before the end stops start-up and changes nothing', () => {
  it('a changed digit in a middle line', () => {
    const { dir, log } = chainWith(20);
    editLines(log, (lines) => lines.map((line, i) => (i === 9 ? line.replace(/^(\d)/, '9$1') : line)));
    expectRefused(dir, 'blocks.log', /damaged at line 10 \(the line does not match its checksum, and 10 intact/);
  });

  it('deleted middle lines', () => {
    const { dir, log } = chainWith(20);
    editLines(log, (lines) => lines.filter((_line, i) => i < 4 || i > 6));
    expectRefused(dir, 'blocks.log', /damaged at line 5 \(height \d+ expected, found \d+, and \d+ intact/);
  });

  it('a snapshot with an edited height, or an edited state', () => {
    const { dir, node, history, snapshot } = chainWith(20);
    node.writeSnapshot();
    grow(node, 5, history);
    const original = read(snapshot).toString();
    writeFileSync(snapshot, original.replace(`"height":"${node.height - 5n}"`, `"height":"${node.height - 9n}"`));
    expectRefused(dir, 'snapshot.json', /cannot be used: its header says height/);
    writeFileSync(snapshot, original.replace('"title":"', '"title":"Edited: '));
    expectRefused(dir, 'snapshot.json', /its state does not match its checksum/);
  });

  it('a snapshot the log does not hold, or of another history of the same chain', () => {
    const { dir, node, log, snapshot } = chainWith(20);
    node.writeSnapshot();
    const wholeLog = read(log);
    editLines(log, (lines) => [...lines.slice(0, 15), '']); // whole lines gone: not a torn end
    expectRefused(
      dir,
      'snapshot.json',
      /at height \d+ but .*blocks\.log holds heights \d+ to \d+: blocks\.log has lost/,
    );
    writeFileSync(log, wholeLog);
    // The same chain.json, with blocks 3 s apart instead of 2: another history at the same height.
    const other = chainWith(0);
    for (let i = 0; i < 20; i++) other.node.produceBlock(other.node.time + 3000);
    other.node.writeSnapshot();
    writeFileSync(snapshot, read(other.snapshot));
    expectRefused(dir, 'snapshot.json', /disagrees with .*blocks\.log about block/);
  });

  it('a missing chain.json beside blocks.log and snapshot.json; --reset moves them aside', () => {
    const { dir, node, log, snapshot } = chainWith(10);
    node.writeSnapshot();
    const [logBytes, snapshotBytes] = [read(log), read(snapshot)];
    rmSync(join(dir, 'chain.json'));
    expectRefused(dir, 'chain.json', /is missing but .*blocks\.log and .*snapshot\.json exist/);
    const fresh = openNode({ dataDir: dir, reset: true });
    expect(fresh.restoration).toEqual({ snapshotHeight: null, replayedBlocks: 0 });
    const aside = readdirSync(dir).find((name) => name.startsWith('discarded-')) ?? '';
    expect(read(join(dir, aside, 'blocks.log')).equals(logBytes)).toBe(true);
    expect(read(join(dir, aside, 'snapshot.json')).equals(snapshotBytes)).toBe(true);
    expect(linesAt('log').join('\n')).toContain(`the previous chain's files are in ${join(dir, aside)}`);
  });

  it('another chain.json, a missing blocks.log, an unreadable chain.json', () => {
    const { dir, log } = chainWith(5);
    const params = join(dir, 'chain.json');
    const text = readFileSync(params, 'utf8');
    writeFileSync(params, text.replace('"test-seed"', '"other-seed"'));
    expectRefused(dir, 'blocks.log', /damaged at line 1 \(it does not link to chain\.json/);
    writeFileSync(params, text.slice(0, 20));
    expectRefused(dir, 'chain.json', /is not valid JSON/);
    writeFileSync(params, text);
    rmSync(log);
    expectRefused(dir, 'blocks.log', /is missing beside/);
  });
});
