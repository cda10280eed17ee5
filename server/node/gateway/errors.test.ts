import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { errorBody } from '../../../src/api/schemas.ts';
import { G, startHarness, U, type Harness } from '../../test/harness.ts';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

async function expectError(path: string, status: number, code: number, message: string | RegExp, init?: RequestInit) {
  const r = await h.get(path, init);
  expect(r.status, path).toBe(status);
  const body = v.parse(errorBody, r.json);
  expect(body.code).toBe(code);
  expect(body.details).toEqual([]);
  if (typeof message === 'string') expect(body.message).toBe(message);
  else expect(body.message).toMatch(message);
  expect(Object.keys(body)).toEqual(['code', 'message', 'details']);
  return body;
}

describe('the §5.2 error table', () => {
  it('unknown ids are HTTP 500 / code 2 "not found", as real nodes send them', async () => {
    await expectError(`${G}/group_info/999`, 500, 2, 'codespace sdk code 38: not found: group');
    await expectError(`${G}/group_info/0`, 500, 2, 'codespace sdk code 38: not found: group');
    await expectError(`${G}/proposal/99999`, 500, 2, 'codespace sdk code 38: not found: load proposal');
    await expectError(`${G}/proposals/99999/tally`, 500, 2, 'codespace sdk code 38: not found: load proposal');
    await expectError(
      `${G}/group_policy_info/${h.node.cast.people.alice}`,
      500,
      2,
      'codespace sdk code 38: not found: group policy',
    );
    await expectError(
      `${G}/vote_by_proposal_voter/1/${h.node.cast.people.alice}`,
      500,
      2,
      'codespace sdk code 38: not found',
    );
  });

  it('a pruned proposal (executed at once) is not found', async () => {
    await expectError(
      `${G}/proposal/${h.node.cast.proposals.executed}`,
      500,
      2,
      'codespace sdk code 38: not found: load proposal',
    );
  });

  it('tally of withdrawn and aborted proposals', async () => {
    await expectError(
      `${G}/proposals/${h.node.cast.proposals.withdrawn}/tally`,
      500,
      2,
      "codespace group code 6: invalid value: can't get the tally of a proposal with status PROPOSAL_STATUS_WITHDRAWN",
    );
    await expectError(
      `${G}/proposals/${h.node.cast.proposals.aborted}/tally`,
      500,
      2,
      "codespace group code 6: invalid value: can't get the tally of a proposal with status PROPOSAL_STATUS_ABORTED",
    );
  });

  it('malformed ids are 400 / code 3 with strconv text; base-0 parsing applies', async () => {
    await expectError(
      `${G}/group_info/abc`,
      400,
      3,
      'type mismatch, parameter: group_id, error: strconv.ParseUint: parsing "abc": invalid syntax',
    );
    await expectError(
      `${G}/group_info/-1`,
      400,
      3,
      'type mismatch, parameter: group_id, error: strconv.ParseUint: parsing "-1": invalid syntax',
    );
    await expectError(
      `${G}/group_info/18446744073709551616`,
      400,
      3,
      'type mismatch, parameter: group_id, error: strconv.ParseUint: parsing "18446744073709551616": value out of range',
    );
    await expectError(
      `${G}/group_info/`,
      400,
      3,
      'type mismatch, parameter: group_id, error: strconv.ParseUint: parsing "": invalid syntax',
    );
    await expectError(
      `${G}/proposal/1_`,
      400,
      3,
      'type mismatch, parameter: proposal_id, error: strconv.ParseUint: parsing "1_": invalid syntax',
    );
    await expectError(
      `${U}/upgraded_consensus_state/x`,
      400,
      3,
      'type mismatch, parameter: last_height, error: strconv.ParseInt: parsing "x": invalid syntax',
    );
    // 0x2 is 2, 02 is octal 2, 0b10 is 2, 1_0 is 10 ... all valid ids.
    for (const id of ['0x2', '02', '0b10', '0o2'])
      expect((await h.get(`${G}/group_info/${id}`)).json).toMatchObject({ info: { id: '2' } });
    expect((await h.get(`${G}/group_info/0_2`)).json).toMatchObject({ info: { id: '2' } });
    await expectError(
      `${G}/group_info/08`,
      400,
      3,
      'type mismatch, parameter: group_id, error: strconv.ParseUint: parsing "08": invalid syntax',
    );
  });

  it('bad bech32, wrong prefix and empty address', async () => {
    await expectError(`${G}/groups_by_admin/cosmos`, 500, 2, 'decoding bech32 failed: invalid bech32 string length 6');
    await expectError(
      `${G}/groups_by_admin/notbech32atall`,
      500,
      2,
      'decoding bech32 failed: invalid separator index -1',
    );
    const vera = h.node.cast.people.vera;
    const broken = vera.slice(0, -1) + (vera.endsWith('q') ? 'p' : 'q');
    const r = await expectError(
      `${G}/groups_by_member/${broken}`,
      500,
      2,
      /^decoding bech32 failed: invalid checksum \(expected [a-z0-9]{6} got [a-z0-9]{6}\)$/,
    );
    expect(r.message).toContain(`expected ${vera.slice(-6)} got ${broken.slice(-6)}`);
    await expectError(
      `${G}/groups_by_member/cosmos1bbbbbbbbbbbbbbbbbbbb`,
      500,
      2,
      'decoding bech32 failed: invalid character not part of charset: 98',
    );
    await expectError(
      `${G}/votes_by_voter/C${vera.slice(1)}`,
      500,
      2,
      'decoding bech32 failed: string not all lowercase or all uppercase',
    );
    await expectError(`${G}/group_policies_by_admin/`, 500, 2, 'empty address string is not allowed');
    await expectError(`${G}/group_policy_info/%20`, 500, 2, 'empty address string is not allowed');
  });

  it('the wrong prefix on a valid bech32 string', async () => {
    const { bech32 } = await import('bech32');
    const osmo = bech32.encode('osmo', bech32.toWords(new Uint8Array(20).fill(7)));
    await expectError(
      `${G}/groups_by_admin/${osmo}`,
      500,
      2,
      "codespace sdk code 35: internal logic error: hrp does not match bech32 prefix: expected 'cosmos' got 'osmo'",
    );
  });

  it('an all-uppercase address is accepted', async () => {
    const r = await h.get(`${G}/groups_by_member/${h.node.cast.people.vera.toUpperCase()}`);
    expect(r.status).toBe(200);
    expect((r.json as { groups: unknown[] }).groups.length).toBe(7);
  });

  it('addresses are checked before existence', async () => {
    await expectError(
      `${G}/vote_by_proposal_voter/999999/bad`,
      500,
      2,
      'decoding bech32 failed: invalid bech32 string length 3',
    );
  });

  it('key together with offset, and bad query parameters', async () => {
    await expectError(
      `${G}/groups?pagination.key=AAAAAAAAAAI%3D&pagination.offset=1`,
      500,
      2,
      'invalid request, either offset or key is expected, got both',
    );
    await expectError(`${G}/groups?pagination.limit=abc`, 400, 3, 'strconv.ParseUint: parsing "abc": invalid syntax');
    await expectError(
      `${G}/groups?pagination.count_total=yes`,
      400,
      3,
      'strconv.ParseBool: parsing "yes": invalid syntax',
    );
    await expectError(`${G}/groups?pagination.key=abc`, 400, 3, 'illegal base64 data at input byte 0');
    await expectError(`${G}/groups?pagination.key=AAAA%21`, 400, 3, 'illegal base64 data at input byte 4');
    await expectError(
      `${G}/groups?pagination.reverse=maybe`,
      400,
      3,
      'strconv.ParseBool: parsing "maybe": invalid syntax',
    );
    await expectError(`${G}/groups?pagination.limit=%zz`, 400, 3, 'invalid URL escape "%zz"');
  });

  it('unknown query parameters are ignored; camelCase names work', async () => {
    const r = await h.get(`${G}/groups?foo=bar&pagination.countTotal=true&pagination.limit=1`);
    expect(r.status).toBe(200);
    expect((r.json as { pagination: { total: string } }).pagination.total).toBe('39');
  });

  it('module_versions with an unknown module', async () => {
    await expectError(
      `${U}/module_versions?module_name=nope`,
      500,
      2,
      'codespace upgrade code 2: module version not found: x/upgrade: QueryModuleVersions module nope not found',
    );
  });

  it("x/bank refuses an address that is not the chain's, as InvalidArgument", async () => {
    await expectError(
      '/cosmos/bank/v1beta1/balances/cosmos1x',
      400,
      3,
      'invalid address: decoding bech32 failed: invalid separator index 6',
    );
  });

  it('unknown routes and non-GET methods are 501 Not Implemented', async () => {
    await expectError(`${G}/nope`, 501, 12, 'Not Implemented');
    await expectError(`${G}/groups/`, 501, 12, 'Not Implemented');
    await expectError('/cosmos/distribution/v1beta1/params', 501, 12, 'Not Implemented');
    for (const method of ['POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS']) {
      await expectError(`${G}/group_info/1`, 501, 12, 'Not Implemented', { method });
    }
    const head = await fetch(`${h.base}${G}/group_info/1`, { method: 'HEAD' });
    expect(head.status).toBe(501);
  });

  it('height header in the future, in the past and malformed', async () => {
    const future = String(h.node.height + 10n);
    await expectError(
      `${G}/group_info/1`,
      500,
      2,
      'codespace sdk code 26: invalid height: cannot query with height in the future; please provide a valid height',
      { headers: { 'x-cosmos-block-height': future } },
    );
    await expectError(`${G}/group_info/1`, 500, 2, /failed to load state at height 5; version does not exist/, {
      headers: { 'x-cosmos-block-height': '5' },
    });
    await expectError(`${G}/group_info/1`, 500, 2, /invalid height header/, {
      headers: { 'x-cosmos-block-height': 'x' },
    });
    const r = await h.get(`${G}/group_info/1`, { headers: { 'x-cosmos-block-height': String(h.node.height) } });
    expect(r.status).toBe(200);
  });

  it('hostile input never yields a stack trace or a crash', async () => {
    const nasty = ['%00', '%ff%fe', 'a'.repeat(5000), '..%2f..%2fetc%2fpasswd', '%F0%9F%8C%90', "'; DROP TABLE", '1e9'];
    for (const n of nasty) {
      for (const route of ['group_info', 'groups_by_admin', 'proposal', 'votes_by_voter']) {
        const r = await h.get(`${G}/${route}/${n}?pagination.limit=${n}`);
        expect([400, 500, 501]).toContain(r.status);
        expect(r.text).not.toMatch(/at .*\.ts:\d+/);
      }
    }
    expect((await h.get(`${G}/group_info/1`)).status).toBe(200);
  });
});

describe('which error wins when several apply (gateway parsing, then height, then keeper)', () => {
  it('a bad query parameter beats a bad address; a bad address beats key+offset', async () => {
    await expectError(
      `${G}/groups_by_admin/nope?pagination.limit=x`,
      400,
      3,
      'strconv.ParseUint: parsing "x": invalid syntax',
    );
    await expectError(
      `${G}/groups_by_admin/nope?pagination.key=AA%3D%3D&pagination.offset=1`,
      500,
      2,
      'decoding bech32 failed: invalid bech32 string length 4',
    );
  });
  it('a malformed id beats a height in the future; the height beats not-found', async () => {
    const future = { headers: { 'x-cosmos-block-height': String(h.node.height + 5n) } };
    await expectError(`${G}/group_info/abc`, 400, 3, /type mismatch/, future);
    await expectError(`${G}/group_info/999`, 500, 2, /cannot query with height in the future/, future);
  });
});
