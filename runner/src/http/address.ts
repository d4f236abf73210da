import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * The address policy of every server-side request (API tests, URL imports): only what ipaddr.js calls plain
 * `unicast` is public. So loopback, private, link-local (169.254.169.254 and the other metadata services), CGNAT
 * (100.100.100.200 of Alibaba Cloud), multicast, broadcast, unspecified, reserved, and in IPv6 loopback, ULA
 * (fd00:ec2::254), link-local, site-local, multicast, 6to4, Teredo and the rest are refused. IPv6 forms that carry
 * an IPv4 address (mapped `::ffff:a.b.c.d`, and NAT64's well-known `64:ff9b::/96`, which DNS64 answers for
 * IPv4-only hosts) are judged by that IPv4 address; the deprecated IPv4-compatible `::a.b.c.d` and any IPv6
 * address outside global unicast (2000::/3), which ipaddr.js would call unicast, are refused.
 */

type Parsed = ipaddr.IPv4 | ipaddr.IPv6;

/** NAT64's well-known prefix (RFC 6052): the last 32 bits are the IPv4 address reached. */
const NAT64 = ipaddr.parseCIDR('64:ff9b::/96');
/** The deprecated IPv4-compatible form `::a.b.c.d`, which ipaddr.js calls unicast. */
const IPV4_COMPATIBLE = ipaddr.parseCIDR('::/96');
/** Global unicast: the only IPv6 space allocated for the public Internet. */
const GLOBAL_UNICAST = ipaddr.parseCIDR('2000::/3');

function parse(address: string): Parsed | undefined {
  const bare = address.startsWith('[') && address.endsWith(']') ? address.slice(1, -1) : address;
  // Only canonical spellings: `0x7f.1` or `2130706433` are names to a resolver, and a URL has normalized them.
  if (!isIP(bare)) return undefined;
  try {
    return ipaddr.parse(bare);
  } catch {
    return undefined;
  }
}

/** The IPv4 address an IPv6 address stands for, when it is a form that carries one. */
function unwrap(parsed: Parsed): Parsed {
  if (parsed.kind() === 'ipv4') return parsed;
  const v6 = parsed as ipaddr.IPv6;
  if (v6.isIPv4MappedAddress()) return v6.toIPv4Address();
  if (v6.match(NAT64 as [ipaddr.IPv6, number])) {
    const bytes = v6.toByteArray();
    return ipaddr.fromByteArray(bytes.slice(12)) as ipaddr.IPv4;
  }
  return parsed;
}

/**
 * The range ipaddr.js names for an address, after unwrapping (`loopback`, `private`, `linkLocal`, `unicast` …);
 * `invalid` when it is not an IP address in canonical form.
 */
export function addressRange(address: string): string {
  const parsed = parse(address);
  if (!parsed) return 'invalid';
  const unwrapped = unwrap(parsed);
  const range = unwrapped.range();
  if (range !== 'unicast' || unwrapped.kind() === 'ipv4') return range;
  const v6 = unwrapped as ipaddr.IPv6;
  if (v6.match(IPV4_COMPATIBLE as [ipaddr.IPv6, number])) return 'ipv4Compatible';
  return v6.match(GLOBAL_UNICAST as [ipaddr.IPv6, number]) ? 'unicast' : 'unallocated';
}

/** Parsed CIDRs, kept: a guarded client checks every request's literal host against the same few networks. */
const networks = new Map<string, [Parsed, number] | null>();

function inNetwork(parsed: Parsed, network: string): boolean {
  let cidr = networks.get(network);
  if (cidr === undefined) {
    try {
      cidr = ipaddr.parseCIDR(network);
    } catch {
      cidr = null;
    }
    if (networks.size < 1024) networks.set(network, cidr);
  }
  return cidr !== null && cidr[0].kind() === parsed.kind() && parsed.match(cidr);
}

/**
 * Whether a server may reach an address: public unicast, or inside a network an administrator allowed (checked
 * against the address as given and as unwrapped, so `127.0.0.1/32` also opens `::ffff:127.0.0.1`).
 */
export function isPublicAddress(address: string, allowedNetworks: readonly string[] = []): boolean {
  const parsed = parse(address);
  if (!parsed) return false;
  const unwrapped = unwrap(parsed);
  for (const network of allowedNetworks) {
    if (inNetwork(parsed, network) || inNetwork(unwrapped, network)) return true;
  }
  return addressRange(address) === 'unicast';
}

/**
 * The networks of an allow-list variable (`PMBOK_TEST_ALLOWED_NETWORKS`, `PMBOK_IMPORT_ALLOWED_NETWORKS`):
 * comma- or space-separated CIDRs; a bare address counts as its own /32 or /128; malformed entries are ignored.
 */
export function allowedNetworksOf(value: string | undefined): string[] {
  return (value ?? '')
    .split(/[,\s]+/)
    .map((entry) => entry.trim())
    .filter(Boolean)
    .flatMap((entry) => {
      if (!entry.includes('/') && isIP(entry)) return [`${entry}/${isIP(entry) === 4 ? 32 : 128}`];
      try {
        ipaddr.parseCIDR(entry);
        return [entry];
      } catch {
        return [];
      }
    });
}
