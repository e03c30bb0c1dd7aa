import { describe, expect, it } from 'vitest';
import { addressKey, budgetKey } from '../../src/plugins/address-key.ts';

describe('the address a per-address limit counts', () => {
  it('counts an IPv6 address by its /64', () => {
    expect(addressKey('2001:db8:1:2:a::1')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:db8:1:2:b::2')).toBe(addressKey('2001:db8:1:2:a::1'));
    expect(addressKey('2001:0DB8:0001:0002:ffff:ffff:ffff:ffff')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:db8:1:3::1')).toBe('2001:db8:1:3::/64');
    expect(addressKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
    expect(addressKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(addressKey('64:ff9b::1.2.3.4')).toBe('64:ff9b:0:0::/64');
  });

  it('counts an IPv4-mapped IPv6 address as the IPv4 address, and IPv4 as it is', () => {
    expect(addressKey('::ffff:1.2.3.4')).toBe('1.2.3.4');
    expect(addressKey('::FFFF:203.0.113.9')).toBe('203.0.113.9');
    expect(addressKey('::ffff:cb00:7109')).toBe('203.0.113.9');
    expect(addressKey('1.2.3.4')).toBe('1.2.3.4');
  });

  it('leaves what is not an address alone', () => {
    expect(addressKey('unknown')).toBe('unknown');
    expect(addressKey('')).toBe('');
  });

  it('rewrites the address at the end of a limiter key, and nothing else', () => {
    expect(budgetKey('promo:ip:2001:db8:1:2:a::1')).toBe('promo:ip:2001:db8:1:2::/64');
    expect(budgetKey('ip:::ffff:1.2.3.4')).toBe('ip:1.2.3.4');
    expect(budgetKey('login:pair:0af3:ip:2001:db8:1:2:b::2')).toBe(
      'login:pair:0af3:ip:2001:db8:1:2::/64',
    );
    expect(budgetKey('stats:player:ip:203.0.113.9')).toBe('stats:player:ip:203.0.113.9');
    expect(budgetKey('signup:email:0af3')).toBe('signup:email:0af3');
    expect(budgetKey('checkin:session:2001:db8::1')).toBe('checkin:session:2001:db8::1');
  });
});
