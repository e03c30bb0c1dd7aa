import { isIPv6 } from 'node:net';

/** The eight 16-bit groups of an IPv6 address (`isIPv6` already said it is one). */
function ipv6Groups(address: string): number[] {
  let text = address.split('%')[0] ?? '';
  // A dotted IPv4 tail (`::ffff:1.2.3.4`, `64:ff9b::1.2.3.4`) is the last two groups.
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const groupsOf = (part: string) => (part === '' ? [] : part.split(':'));
  const before = groupsOf(head);
  const after = tail === undefined ? [] : groupsOf(tail);
  const zeros = Array.from({ length: 8 - before.length - after.length }, () => '0');
  return [...before, ...zeros, ...after].map((group) => parseInt(group, 16));
}

/**
 * What a per-address limit counts (decision 0067): an IPv6 address by its /64,
 * the block one subscriber line or one server is usually handed, so rotating
 * through the addresses of one's own /64 buys no fresh budget; an IPv4-mapped
 * IPv6 address (`::ffff:1.2.3.4`, a dual-stack socket's view of an IPv4
 * client) as the IPv4 address; anything else as it is. Only for keys: where
 * an address is logged or stored, it is the request's own (`request.ip`).
 */
export function addressKey(ip: string): string {
  if (!isIPv6(ip)) return ip;
  const groups = ipv6Groups(ip);
  const isMappedIPv4 = groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff;
  if (isMappedIPv4) {
    const [high = 0, low = 0] = groups.slice(6);
    return [high >> 8, high & 0xff, low >> 8, low & 0xff].join('.');
  }
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(':')}::/64`;
}

/**
 * A limiter key with its address counted as `addressKey` says. Every
 * per-address key of the house ends in `ip:<address>` (`login:ip:203.0.113.9`,
 * `login:pair:<account>:ip:<address>`), so the limiter applies this to every
 * key it is given and a new budget gets the /64 rule without asking for it.
 */
export function budgetKey(key: string): string {
  const match = /(^|:)ip:(.+)$/.exec(key);
  if (!match?.[2]) return key;
  return `${key.slice(0, match.index + (match[1] ?? '').length)}ip:${addressKey(match[2])}`;
}
