// The pure parts: which addresses are private, what a `fetch(domain:…)` rule names, how the policy
// judges a fetch or a search per mode, and how each search backend's request and answer look.
import { describe, expect, it } from 'vitest';
import { SessionGrants } from '../../src/session/permissions/grants.js';
import type { PolicyContext } from '../../src/session/permissions/decision.js';
import { decide } from '../../src/session/permissions/policy.js';
import { parseRules, RuleError } from '../../src/session/permissions/rules.js';
import { ruleNamesHost } from '../../src/session/permissions/web-policy.js';
import { isPrivateAddress } from '../../tools/web/index.js';
import { searchHits, searchRequest } from '../../tools/web/search-providers.js';
import { retryAfterMs } from '../../tools/web/search-tool.js';

describe('private addresses', () => {
  it.each([
    ['127.0.0.1', true],
    ['127.8.9.10', true],
    ['10.1.2.3', true],
    ['172.16.0.1', true],
    ['172.32.0.1', false],
    ['192.168.1.1', true],
    ['169.254.169.254', true],
    ['100.64.0.1', true],
    ['0.0.0.0', true],
    ['224.0.0.1', true],
    ['::1', true],
    ['::', true],
    ['fe80::1', true],
    ['fd00::1', true],
    ['::ffff:127.0.0.1', true],
    ['::ffff:7f00:1', true],
    ['::ffff:a9fe:a9fe', true],
    ['93.184.216.34', false],
    ['2606:4700::1111', false],
    ['::ffff:5db8:d822', false],
    ['not-an-address', true],
  ])('%s → %s', (address, expected) => {
    expect(isPrivateAddress(address)).toBe(expected);
  });
});

describe('fetch(domain:…) rules', () => {
  const rules = parseRules(
    { allow: ['fetch(domain:docs.python.org)', 'fetch(domain:*.example.com)', 'fetch(domain:127.0.0.1)'], deny: ['fetch(domain:evil.example.com)'] },
    '/home/u',
  );

  it('a host, or the hosts below a domain; a deny rule keeps private addresses closed too', () => {
    expect(ruleNamesHost(rules, 'docs.python.org')).toBe(true);
    expect(ruleNamesHost(rules, 'python.org')).toBe(false);
    expect(ruleNamesHost(rules, 'api.example.com')).toBe(true);
    expect(ruleNamesHost(rules, 'example.com')).toBe(false);
    expect(ruleNamesHost(rules, 'evil.example.com')).toBe(false);
    expect(ruleNamesHost(rules, '127.0.0.1')).toBe(true);
    // a bare `fetch` allows every host to be asked about less, but names none: private stays closed
    expect(ruleNamesHost(parseRules({ allow: ['fetch'] }, '/home/u'), '127.0.0.1')).toBe(false);
  });

  it('a pattern without domain: is a typo, stopped at start', () => {
    expect(() => parseRules({ allow: ['fetch(docs.python.org)'] }, '/home/u')).toThrow(RuleError);
    expect(() => parseRules({ allow: ['search(x)'] }, '/home/u')).toThrow(RuleError);
    expect(parseRules({ deny: ['search'] }, '/home/u').deny[0]!.tool).toBe('search');
  });
});

describe('the policy for fetch and search', () => {
  const ctx = (mode: PolicyContext['mode'], lists: Parameters<typeof parseRules>[0] = {}): PolicyContext => ({
    mode,
    rules: parseRules(lists, '/home/u'),
    grants: new SessionGrants(),
    cwd: '/w',
    home: '/home/u',
  });
  const url = { url: 'https://docs.python.org/3/library/asyncio.html' };

  it.each([
    ['ask', 'ask'],
    ['auto-edit', 'ask'],
    ['auto', 'ask'],
    ['yolo', 'allow'],
    ['plan', 'ask'],
  ] as const)('%s mode: %s', (mode, kind) => {
    const d = decide('fetch', url, ctx(mode));
    expect(d.kind).toBe(kind);
    if (d.kind === 'ask')
      expect(d).toMatchObject({
        reason: 'fetching from docs.python.org',
        suggestion: 'fetch(domain:docs.python.org)',
        subject: { type: 'fetch', host: 'docs.python.org' },
      });
  });

  it('rules and a session grant for the host', () => {
    expect(decide('fetch', url, ctx('ask', { allow: ['fetch(domain:docs.python.org)'] })).kind).toBe('allow');
    expect(decide('fetch', url, ctx('yolo', { deny: ['fetch(domain:*.python.org)'] }))).toEqual({
      kind: 'deny',
      message: 'refused: fetching from docs.python.org is denied by the rule "fetch(domain:*.python.org)" in permissions.deny',
    });
    expect(decide('fetch', url, ctx('yolo', { ask: ['fetch'] })).kind).toBe('ask');
    const granted = ctx('ask');
    granted.grants.grantHost('docs.python.org');
    expect(decide('fetch', url, granted).kind).toBe('allow');
    expect(decide('fetch', { url: 'https://pypi.org/' }, granted).kind).toBe('ask');
  });

  it('search runs in every mode but a deny rule stops it', () => {
    expect(decide('search', { query: 'x' }, ctx('auto')).kind).toBe('allow');
    expect(decide('search', { query: 'x' }, ctx('plan')).kind).toBe('allow');
    expect(decide('search', { query: 'x' }, ctx('yolo', { deny: ['search'] })).kind).toBe('deny');
  });
});

describe('search backends', () => {
  it('Tavily and Exa: a POST with the key in their header; their answers read as title, URL, snippet', () => {
    const tavily = searchRequest({ provider: 'tavily', apiKey: 'k1' }, 'vitest', 3);
    expect(tavily).toMatchObject({ url: 'https://api.tavily.com/search', method: 'POST', headers: { authorization: 'Bearer k1' } });
    expect(JSON.parse(tavily.body!)).toEqual({ query: 'vitest', max_results: 3 });
    expect(searchHits('tavily', { results: [{ title: 'T', url: 'https://t', content: 'c' }] })).toEqual([{ title: 'T', url: 'https://t', snippet: 'c' }]);
    const exa = searchRequest({ provider: 'exa', apiKey: 'k2' }, 'vitest', 3);
    expect(exa).toMatchObject({ url: 'https://api.exa.ai/search', method: 'POST', headers: { 'x-api-key': 'k2' } });
    expect(searchHits('exa', { results: [{ title: 'E', url: 'https://e', highlights: ['a', 'b'] }] })).toEqual([
      { title: 'E', url: 'https://e', snippet: 'a … b' },
    ]);
    expect(() => searchHits('searxng', { error: 'x' })).toThrow('the searxng answer holds no list of results');
  });

  it('Retry-After in seconds or as a date', () => {
    expect(retryAfterMs('3')).toBe(3000);
    expect(retryAfterMs('Sat, 05 Dec 2026 12:00:10 GMT', Date.parse('Sat, 05 Dec 2026 12:00:00 GMT'))).toBe(10_000);
    expect(retryAfterMs('soon')).toBeUndefined();
  });
});
