import net from 'node:net';

// Which addresses a feed may be fetched from: public unicast only. Everything a server can reach
// but the internet can't (loopback, private, link-local with the cloud metadata service, CGNAT …)
// is refused, and so are the IPv6 forms that embed an IPv4 address, whatever that address is.

type Range4 = [base: number, bits: number, reason: string];

const v4 = (a: number, b: number, c: number, d: number) => ((a << 24) | (b << 16) | (c << 8) | d) >>> 0;

const blocked4: Range4[] = [
  [v4(0, 0, 0, 0), 8, 'a "this network" address (0.0.0.0/8)'],
  [v4(10, 0, 0, 0), 8, 'a private address'],
  [v4(100, 64, 0, 0), 10, 'a carrier-grade NAT address'],
  [v4(127, 0, 0, 0), 8, 'a loopback address'],
  [v4(169, 254, 0, 0), 16, 'a link-local address'],
  [v4(172, 16, 0, 0), 12, 'a private address'],
  [v4(192, 0, 0, 0), 24, 'a reserved address'],
  [v4(192, 0, 2, 0), 24, 'a documentation address'],
  [v4(192, 88, 99, 0), 24, 'a reserved address'],
  [v4(192, 168, 0, 0), 16, 'a private address'],
  [v4(198, 18, 0, 0), 15, 'a benchmarking address'],
  [v4(198, 51, 100, 0), 24, 'a documentation address'],
  [v4(203, 0, 113, 0), 24, 'a documentation address'],
  [v4(224, 0, 0, 0), 4, 'a multicast address'],
  [v4(255, 255, 255, 255), 32, 'the broadcast address'],
  [v4(240, 0, 0, 0), 4, 'a reserved address'],
];

function parse4(address: string): number {
  const [a = 0, b = 0, c = 0, d = 0] = address.split('.').map(Number);
  return v4(a, b, c, d);
}

function reason4(value: number): string | null {
  for (const [base, bits, reason] of blocked4) {
    const mask = bits === 0 ? 0 : (~0 << (32 - bits)) >>> 0;
    if ((value & mask) >>> 0 === base) return reason;
  }
  return null;
}

/** The eight 16-bit groups of an IPv6 address (zone id dropped, embedded IPv4 tail expanded). */
function groups6(address: string): number[] {
  let text = address.replace(/%.*$/, '').toLowerCase();
  const tail = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (tail?.[1]) {
    const n = parse4(tail[1]);
    text = `${text.slice(0, -tail[1].length)}${(n >>> 16).toString(16)}:${(n & 0xffff).toString(16)}`;
  }
  const [head = '', rest] = text.split('::');
  const left = head === '' ? [] : head.split(':');
  const right = rest === undefined || rest === '' ? [] : rest.split(':');
  const fill = rest === undefined ? [] : new Array(8 - left.length - right.length).fill('0');
  return [...left, ...fill, ...right].map((g) => Number.parseInt(g, 16));
}

function reason6(address: string): string | null {
  const g = groups6(address);
  const [g0 = 0, g1 = 0, g2 = 0, g3 = 0, g4 = 0, g5 = 0, , g7 = 0] = g;
  const zeroTo = (n: number) => g.slice(0, n).every((x) => x === 0);
  if (zeroTo(8)) return 'the unspecified address (::)';
  if (zeroTo(7) && g7 === 1) return 'a loopback address';
  if (zeroTo(5) && g5 === 0xffff) return 'an IPv4-mapped IPv6 address';
  if (zeroTo(4) && g4 === 0xffff && g5 === 0) return 'an IPv4-translated IPv6 address';
  if (zeroTo(6)) return 'an IPv4-compatible IPv6 address';
  if (g0 === 0x64 && g1 === 0xff9b) return 'a NAT64 address';
  if (g0 === 0x2002) return 'a 6to4 address';
  if (g0 === 0x2001 && g1 === 0) return 'a Teredo address';
  if (g0 === 0x2001 && g1 === 0xdb8) return 'a documentation address';
  if (g0 === 0x100 && g1 === 0 && g2 === 0 && g3 === 0) return 'a discard-only address';
  if ((g0 & 0xfe00) === 0xfc00) return 'a unique-local address';
  if ((g0 & 0xffc0) === 0xfe80) return 'a link-local address';
  if ((g0 & 0xffc0) === 0xfec0) return 'a site-local address';
  if ((g0 & 0xff00) === 0xff00) return 'a multicast address';
  return null;
}

/** True for 127.0.0.0/8 and ::1 (the only ones the tests' loopback switch lets through). */
export function isLoopback(address: string): boolean {
  if (net.isIPv4(address)) return parse4(address) >>> 24 === 127;
  return net.isIPv6(address) && reason6(address) === 'a loopback address';
}

/**
 * Why a resolved address may not be fetched from ("a private address" …), or null when it is a
 * public unicast address. Anything that is not an IP address at all is refused too.
 */
export function blockedReason(address: string): string | null {
  if (net.isIPv4(address)) return reason4(parse4(address));
  if (net.isIPv6(address)) return reason6(address);
  return 'not an IP address';
}
