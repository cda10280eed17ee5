import { afterEach, describe, expect, it } from 'vitest';

import { endpointFromSearch, rememberEndpoint, SAME_ORIGIN, validateEndpoint, withEndpoint } from './endpoint.ts';

describe('choosing an endpoint', () => {
  it.each(['//evil.example', '//evil.example/cosmos', '\\\\evil.example', '/\\evil.example', '\\/evil.example'])(
    'refuses the protocol-relative %s, which a browser would send to another server',
    (input) => {
      expect(validateEndpoint(input).ok).toBe(false);
    },
  );

  it.each([
    'javascript:alert(1)',
    'data:text/html,hi',
    'ftp://files.example',
    'file:///etc',
    'evil.example',
    'http:\\\\evil',
  ])('refuses %s: only http(s) addresses and paths on this server', (input) => {
    expect(validateEndpoint(input).ok).toBe(false);
  });

  it('keeps paths on this server and http(s) addresses, without a trailing slash', () => {
    expect(validateEndpoint('/upstream/hub/')).toEqual({ ok: true, value: '/upstream/hub' });
    expect(validateEndpoint(' https://rest.example.org/ ')).toEqual({ ok: true, value: 'https://rest.example.org' });
    expect(validateEndpoint('')).toEqual({ ok: true, value: '' });
  });

  it('falls back to this server when ?api= names another origin protocol-relatively', () => {
    expect(endpointFromSearch(new URLSearchParams('api=//evil.example'))).toBe('');
  });
});

describe('links between chains', () => {
  afterEach(() => localStorage.clear());

  it('name this server’s own chain when another is remembered, and nothing when none is', () => {
    expect(withEndpoint('/groups', SAME_ORIGIN)).toBe('/groups');
    rememberEndpoint('/upstream/regen');
    // Without ?api= the remembered chain would be read: the link says "this server's" outright.
    expect(withEndpoint('/groups', SAME_ORIGIN)).toBe('/groups?api=');
    expect(endpointFromSearch(new URLSearchParams('api='))).toBe(SAME_ORIGIN);
    expect(withEndpoint('/groups?member=x', '/upstream/hub')).toBe('/groups?member=x&api=%2Fupstream%2Fhub');
  });
});
