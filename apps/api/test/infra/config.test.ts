import { describe, expect, it } from 'vitest';
import { ConfigError, parseConfig } from '../../src/config.ts';

const VALID = {
  DATABASE_URL: 'postgresql://postgres@127.0.0.1:5432/taquilla',
  REDIS_URL: 'redis://127.0.0.1:6379',
  ADMIN_EMAIL: 'admin@taquilla.local',
  ADMIN_PASSWORD: 'una-clave-larga',
};

describe('configuration', () => {
  it('applies the documented defaults', () => {
    const config = parseConfig(VALID);
    expect(config.PORT).toBe(3000);
    expect(config.NODE_ENV).toBe('development');
    expect(config.PAYMENT_PROVIDER).toBe('sandbox');
    expect(config.WORKER_NICE).toBe(10);
  });

  it('takes a worker priority a process can set on itself (nice 0 to 19)', () => {
    expect(parseConfig({ ...VALID, WORKER_NICE: '0' }).WORKER_NICE).toBe(0);
    expect(() => parseConfig({ ...VALID, WORKER_NICE: '20' })).toThrow(/WORKER_NICE/);
    expect(() => parseConfig({ ...VALID, WORKER_NICE: '-5' })).toThrow(/WORKER_NICE/);
  });

  it('names every missing variable at once', () => {
    expect.assertions(2);
    try {
      parseConfig({ ADMIN_PASSWORD: 'una-clave-larga' });
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError);
      expect((err as ConfigError).problems).toEqual([
        'DATABASE_URL: falta esta variable',
        'REDIS_URL: falta esta variable',
        'ADMIN_EMAIL: falta esta variable',
      ]);
    }
  });

  it('treats an empty variable as missing and rejects a wrong scheme', () => {
    expect(() => parseConfig({ ...VALID, DATABASE_URL: '' })).toThrow(
      /DATABASE_URL: falta esta variable/,
    );
    expect(() => parseConfig({ ...VALID, REDIS_URL: 'http://127.0.0.1:6379' })).toThrow(
      /REDIS_URL: debe ser una URL redis:\/\//,
    );
  });
});
