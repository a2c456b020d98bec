// Which proxy a URL uses, read from the environment as curl reads it.
import { describe, expect, it } from 'vitest';
import { proxyFor, proxyNotes } from '../../src/net/proxy/env.js';
import { bypassesProxy } from '../../src/net/proxy/no-proxy.js';
import { ipv6Bytes } from '../../src/net/proxy/socks.js';

const at = (url: string, env: Record<string, string>) => proxyFor(new URL(url), env);

describe('the proxy for a URL', () => {
  it('https URLs use HTTPS_PROXY, http URLs HTTP_PROXY; the lower-case name wins; none set, none used', () => {
    const env = { HTTPS_PROXY: 'http://secure:3128', HTTP_PROXY: 'http://plain:8080' };
    expect(at('https://api.example.com/v1', env)).toMatchObject({ kind: 'http', host: 'secure', port: 3128, variable: 'HTTPS_PROXY' });
    expect(at('http://api.example.com/v1', env)).toMatchObject({ kind: 'http', host: 'plain', port: 8080, variable: 'HTTP_PROXY' });
    expect(at('https://a.example/', { https_proxy: 'http://lower:1', HTTPS_PROXY: 'http://upper:2' })).toMatchObject({
      host: 'lower',
      variable: 'https_proxy',
    });
    expect(at('https://a.example/', { HTTP_PROXY: 'http://plain:8080' })).toBeUndefined();
    expect(at('https://a.example/', { HTTPS_PROXY: '' })).toBeUndefined();
  });

  it('a value without a scheme is http://, without a port 1080 (curl), and :80 stays 80', () => {
    expect(at('https://a.example/', { HTTPS_PROXY: 'proxy.corp:3128' })).toMatchObject({ kind: 'http', shown: 'http://proxy.corp:3128' });
    expect(at('https://a.example/', { HTTPS_PROXY: 'http://proxy.corp' })).toMatchObject({ port: 1080 });
    expect(at('https://a.example/', { HTTPS_PROXY: 'http://proxy.corp:80' })).toMatchObject({ port: 80, shown: 'http://proxy.corp:80' });
  });

  it('user:pass@ becomes Basic auth (percent-decoded) and is never in what is shown', () => {
    const p = at('https://a.example/', { HTTPS_PROXY: 'http://alice:p%40ss%3Aword@proxy:3128' });
    expect(p).toMatchObject({ kind: 'http', shown: 'http://proxy:3128', authorization: `Basic ${Buffer.from('alice:p@ss:word').toString('base64')}` });
    expect(JSON.stringify({ ...p, authorization: undefined })).not.toContain('word');
  });

  it('https:// and socks4 proxies are not supported: chosen (so nothing goes direct) and said once at start, without the password', () => {
    const env = { HTTPS_PROXY: 'socks4://bob:hunter2@socks:1080', HTTP_PROXY: 'https://tls-proxy:443' };
    expect(at('https://a.example/', env)).toMatchObject({ kind: 'unsupported', shown: 'socks4://socks:1080', variable: 'HTTPS_PROXY' });
    expect(at('http://a.example/', env)).toMatchObject({ kind: 'unsupported', shown: 'https://tls-proxy:443', variable: 'HTTP_PROXY' });
    expect(at('http://a.example/', { HTTP_PROXY: 'http://carol:pa/ss@word@proxy:3128' })).toEqual({
      kind: 'unsupported',
      shown: 'http://proxy:3128',
      variable: 'HTTP_PROXY',
      reason: 'it is not a URL (a / or @ in a password must be written %2F or %40)',
    });
    const notes = proxyNotes(env);
    expect(notes).toEqual([
      'the proxy socks4://socks:1080 in HTTPS_PROXY cannot be used (tack speaks to http://, socks5:// and socks5h:// proxies): https requests will fail rather than go around it',
      'the proxy https://tls-proxy:443 in HTTP_PROXY cannot be used (tack speaks to http://, socks5:// and socks5h:// proxies): http requests will fail rather than go around it',
    ]);
    expect(notes.join()).not.toContain('hunter2');
    expect(proxyNotes({ HTTPS_PROXY: 'http://proxy:3128' })).toEqual([]);
  });

  it('ALL_PROXY (all_proxy first) is used where the scheme has none; socks5h hands names to the proxy, socks5 does not', () => {
    expect(at('https://a.example/', { ALL_PROXY: 'socks5h://eve:p%40ss@127.0.0.1:9050' })).toEqual({
      kind: 'socks',
      host: '127.0.0.1',
      port: 9050,
      remoteNames: true,
      shown: 'socks5h://127.0.0.1:9050',
      variable: 'ALL_PROXY',
      user: { name: 'eve', password: 'p@ss' },
    });
    expect(at('http://a.example/', { all_proxy: 'socks5://[::1]', ALL_PROXY: 'http://other:3128' })).toMatchObject({
      kind: 'socks',
      host: '::1',
      port: 1080,
      remoteNames: false,
      variable: 'all_proxy',
    });
    expect(at('https://a.example/', { ALL_PROXY: 'socks5://s:1080', HTTPS_PROXY: 'http://p:3128' })).toMatchObject({ kind: 'http', variable: 'HTTPS_PROXY' });
    expect(at('https://a.example/', { ALL_PROXY: 'socks5://s:1080', NO_PROXY: 'a.example' })).toBeUndefined();
    expect(proxyNotes({ ALL_PROXY: 'socks4://s:1080' })).toHaveLength(2);
  });

  it('an IPv6 address goes to a SOCKS5 proxy as its 16 bytes', () => {
    expect(ipv6Bytes('::1').toString('hex')).toBe('00000000000000000000000000000001');
    expect(ipv6Bytes('2001:db8::8a2e:370:7334').toString('hex')).toBe('20010db80000000000008a2e03707334');
    expect(ipv6Bytes('::ffff:192.0.2.1').toString('hex')).toBe('00000000000000000000ffffc0000201');
    expect(ipv6Bytes('fe80:0:0:0:1:2:3:4').toString('hex')).toBe('fe800000000000000001000200030004');
  });

  it('NO_PROXY (or no_proxy) exempts a host', () => {
    expect(at('https://api.internal/', { HTTPS_PROXY: 'http://p:1', NO_PROXY: 'api.internal' })).toBeUndefined();
    expect(at('https://api.internal/', { HTTPS_PROXY: 'http://p:1', no_proxy: 'api.internal' })).toBeUndefined();
  });
});

describe('NO_PROXY, as curl reads it', () => {
  it('a name covers itself and its subdomains, never a longer name', () => {
    expect(bypassesProxy('example.com', 443, 'example.com')).toBe(true);
    expect(bypassesProxy('api.example.com', 443, 'example.com')).toBe(true);
    expect(bypassesProxy('badexample.com', 443, 'example.com')).toBe(false);
    expect(bypassesProxy('API.Example.COM.', 443, ' foo , example.com ')).toBe(true);
  });

  it('.suffix and *.suffix cover the domain and below; * covers everything', () => {
    expect(bypassesProxy('a.b.corp', 80, '.corp')).toBe(true);
    expect(bypassesProxy('a.corp', 80, '*.corp')).toBe(true);
    expect(bypassesProxy('corp', 80, '.corp')).toBe(true);
    expect(bypassesProxy('notcorp', 80, '.corp')).toBe(false);
    expect(bypassesProxy('anything.example', 80, '*')).toBe(true);
  });

  it('host:port matches that port only', () => {
    expect(bypassesProxy('models.lan', 8080, 'models.lan:8080')).toBe(true);
    expect(bypassesProxy('models.lan', 443, 'models.lan:8080')).toBe(false);
    expect(bypassesProxy('::1', 8080, '[::1]:8080')).toBe(true);
  });

  it('IP addresses and CIDR ranges, v4 and v6; localhost and 127.0.0.1 are not exempt unless listed', () => {
    expect(bypassesProxy('10.1.2.3', 80, '10.1.2.3')).toBe(true);
    expect(bypassesProxy('10.1.2.3', 80, '10.0.0.0/8')).toBe(true);
    expect(bypassesProxy('11.1.2.3', 80, '10.0.0.0/8')).toBe(false);
    expect(bypassesProxy('[::1]', 80, '::1')).toBe(true);
    expect(bypassesProxy('fd00::5', 80, 'fd00::/8')).toBe(true);
    expect(bypassesProxy('127.0.0.1', 80, 'example.com')).toBe(false);
    expect(bypassesProxy('localhost', 80, 'example.com')).toBe(false);
    expect(bypassesProxy('localhost', 80, 'localhost,127.0.0.1')).toBe(true);
    expect(bypassesProxy('10.1.2.3', 80, '10.0.0.0/99')).toBe(false);
  });
});
