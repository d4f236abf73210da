import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { addressRange, allowedNetworksOf, isPublicAddress } from '../src/http/address.js';
import { bodyText, decodeContent } from '../src/http/body.js';
import { parseTarget, prefixesOf, underPrefix } from '../src/http/target.js';

describe('address classification', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.255.0.9', 'loopback'],
    ['10.0.0.1', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.1.1', 'private'],
    ['169.254.169.254', 'linkLocal'],
    ['100.64.0.1', 'carrierGradeNat'],
    ['100.100.100.200', 'carrierGradeNat'],
    ['224.0.0.1', 'multicast'],
    ['255.255.255.255', 'broadcast'],
    ['0.0.0.0', 'unspecified'],
    ['240.0.0.1', 'reserved'],
    ['192.0.2.1', 'reserved'],
    ['::1', 'loopback'],
    ['::', 'unspecified'],
    ['fc00::1', 'uniqueLocal'],
    ['fd00:ec2::254', 'uniqueLocal'],
    ['fe80::1', 'linkLocal'],
    ['fec0::1', 'deprecatedSiteLocal'],
    ['ff02::1', 'multicast'],
    // IPv6 forms carrying an IPv4 address: mapped and NAT64 are judged by it, the others refused as they are.
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:7f00:1', 'loopback'],
    ['::ffff:169.254.169.254', 'linkLocal'],
    ['64:ff9b::a00:1', 'private'],
    ['64:ff9b::7f00:1', 'loopback'],
    ['64:ff9b::808:808', 'unicast'],
    ['::7f00:1', 'ipv4Compatible'],
    ['::808:808', 'ipv4Compatible'],
    ['1::1', 'unallocated'],
    ['2002:7f00:1::1', '6to4'],
    ['2001:0:4136:e378:8000:63bf:3fff:fdd2', 'teredo'],
    ['2001:db8::1', 'reserved'],
    ['8.8.8.8', 'unicast'],
    ['93.184.216.34', 'unicast'],
    ['2606:4700::1111', 'unicast'],
    ['[::1]', 'loopback'],
    // Not canonical addresses: a URL has normalized these before, and a resolver never answers them.
    ['0x7f000001', 'invalid'],
    ['2130706433', 'invalid'],
    ['0177.0.0.1', 'invalid'],
    ['127.1', 'invalid'],
    ['localhost', 'invalid'],
  ])('%s is %s', (address, range) => {
    expect(addressRange(address)).toBe(range);
    expect(isPublicAddress(address)).toBe(range === 'unicast');
  });

  it('opens the networks an administrator allowed, IPv6 forms of an allowed IPv4 address included', () => {
    const allowed = allowedNetworksOf('10.0.0.0/8, 127.0.0.1 nonsense,fd00::/8,  300.1.1.1/8');
    expect(allowed).toEqual(['10.0.0.0/8', '127.0.0.1/32', 'fd00::/8']);
    expect(isPublicAddress('10.1.2.3', allowed)).toBe(true);
    expect(isPublicAddress('127.0.0.1', allowed)).toBe(true);
    expect(isPublicAddress('::ffff:127.0.0.1', allowed)).toBe(true);
    expect(isPublicAddress('127.0.0.2', allowed)).toBe(false);
    expect(isPublicAddress('fd00:ec2::254', allowed)).toBe(true);
    expect(isPublicAddress('192.168.1.1', allowed)).toBe(false);
    expect(allowedNetworksOf(undefined)).toEqual([]);
  });
});

describe('request URLs', () => {
  it.each([
    ['http://2130706433/', '127.0.0.1'],
    ['http://0177.0.0.1/', '127.0.0.1'],
    ['http://0x7f000001/', '127.0.0.1'],
    ['http://0x7f.1/', '127.0.0.1'],
    ['http://127.1/', '127.0.0.1'],
    ['http://127.0.0.1./', '127.0.0.1'],
    ['http://%31%32%37.0.0.1/', '127.0.0.1'],
    ['http://１２７.０.０.１/', '127.0.0.1'],
    ['http://0/', '0.0.0.0'],
    ['http://[::ffff:127.0.0.1]/', '[::ffff:7f00:1]'],
    ['http://LOCALHOST/', 'localhost'],
  ])('%s is normalized to the host %s before any check', (url, host) => {
    expect(parseTarget(url).url.hostname).toBe(host);
  });

  it('turns credentials into a basic Authorization and takes them out of the URL', () => {
    const target = parseTarget('https://ann:p%40ss@api.example.com/x');
    expect(target.url.href).toBe('https://api.example.com/x');
    expect(target.authorization).toBe(`Basic ${Buffer.from('ann:p@ss').toString('base64')}`);
  });

  it('refuses other schemes and malformed URLs', () => {
    expect(() => parseTarget('file:///etc/passwd')).toThrow('只支持 http 和 https 地址');
    expect(() => parseTarget('gopher://x/')).toThrow('只支持 http 和 https 地址');
    expect(() => parseTarget('http://[::1/')).toThrow('地址格式不正确：http://[::1/');
  });

  it('matches alwaysAllowed prefixes on origin and whole path segments, after normalization', () => {
    const prefixes = prefixesOf(['http://127.0.0.1:8080/mock/', 'https://mock.example.com/base', 'not a url']);
    const under = (url: string) => underPrefix(parseTarget(url).url, prefixes);
    expect(under('http://127.0.0.1:8080/mock/1/pets?x=1')).toBe(true);
    expect(under('http://127.0.0.1:8080/mock/')).toBe(true);
    expect(under('https://mock.example.com/base')).toBe(true);
    expect(under('https://mock.example.com:443/base/a')).toBe(true);
    expect(under('https://mock.example.com/basement')).toBe(false);
    expect(under('http://127.0.0.1:8080/mock')).toBe(false);
    expect(under('http://127.0.0.1:8080/mock/../pmbok/api')).toBe(false);
    expect(under('http://127.0.0.1:8080/mock/%2E%2E/pmbok/api')).toBe(false);
    expect(under('http://127.0.0.1:8080/mock/..%2Fpmbok/api')).toBe(false);
    expect(under('http://127.0.0.1:8080/mock/..%5cpmbok/api')).toBe(false);
    expect(under('http://127.0.0.1:8081/mock/1')).toBe(false);
    expect(under('https://127.0.0.1:8080/mock/1')).toBe(false);
    expect(under('http://localhost:8080/mock/1')).toBe(false);
    expect(under('http://2130706433:8080/mock/1')).toBe(true);
  });
});

describe('response bodies', () => {
  it('is text for text, JSON, XML and form types (in their charset) and for valid UTF-8, else base64', () => {
    const bytes = (hex: string) => Buffer.from(hex, 'hex');
    expect(bodyText(Buffer.from('{"a":"中"}'), 'application/json')).toEqual({ text: '{"a":"中"}', encoding: 'utf8' });
    expect(bodyText(bytes('c4e3bac3'), 'text/plain; charset=GBK')).toEqual({ text: '你好', encoding: 'utf8' });
    expect(bodyText(bytes('c4e3bac3'), 'application/octet-stream').encoding).toBe('base64');
    expect(bodyText(Buffer.from('plain'), 'application/octet-stream')).toEqual({ text: 'plain', encoding: 'utf8' });
    expect(bodyText(bytes('89504e47'), 'image/png')).toEqual({ text: 'iVBORw==', encoding: 'base64' });
    expect(bodyText(Buffer.from('<a/>'), 'application/soap+xml').encoding).toBe('utf8');
    expect(bodyText(Buffer.from('a=1'), 'application/x-www-form-urlencoded').encoding).toBe('utf8');
    expect(bodyText(Buffer.from('x'), 'text/plain; charset=no-such-charset').text).toBe('x');
    expect(bodyText(Buffer.alloc(0), undefined)).toEqual({ text: '', encoding: 'utf8' });
  });

  it('undoes content codings within the size limit, and refuses a bomb as too large', async () => {
    const small = gzipSync('{"ok":true}');
    expect((await decodeContent(small, 'gzip', 100)).toString()).toBe('{"ok":true}');
    expect((await decodeContent(gzipSync(small), 'gzip, gzip', 100)).toString()).toBe('{"ok":true}');
    expect(await decodeContent(small, 'zstd', 100)).toBe(small);
    const bomb = gzipSync(Buffer.alloc(8 * 1024 * 1024));
    await expect(decodeContent(bomb, 'gzip', 1024 * 1024)).rejects.toMatchObject({
      kind: 'tooLarge',
      message: '响应超过 1 MB',
    });
    await expect(decodeContent(Buffer.from('not gzip'), 'gzip', 100)).rejects.toMatchObject({ kind: 'network' });
  });
});
