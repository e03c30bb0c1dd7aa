import { describe, expect, it } from 'vitest';
import { isSitePath } from './site-path.ts';

describe('a path of this site', () => {
  it('takes paths with their query, accents and spaces included', () => {
    for (const value of [
      '/',
      '/storage/public/album/pista-1.mp3',
      '/media/album/canción-3.mp3',
      '/account?redirect=/x&a=1',
      '/x?a=1&b=2 c#top',
      '/storage/a%2Fb.zip',
    ]) {
      expect(isSitePath(value), value).toBe(true);
    }
  });

  it('refuses every spelling a browser or a decoding proxy reads as another host', () => {
    for (const value of [
      '//evil.example/x.zip',
      '/\\evil.example/x.zip',
      '/%5Cevil.example/x.zip',
      '/%5cevil.example',
      '/%2F/evil.example',
      '/%2fevil.example',
      '\\\\evil.example/x.zip',
      '\\/evil.example',
      'https://evil.example/x.zip',
      'http:evil.example',
      'javascript:alert(1)',
      '/\t/evil.example',
      '/\n/evil.example',
      '/\r\n/evil.example',
      '/x\r\nSet-Cookie: a=b',
      ' //evil.example',
      '/storage/a\\b.zip',
      '/storage/a%5cb.zip',
      'evil.example',
      '',
    ]) {
      expect(isSitePath(value), JSON.stringify(value)).toBe(false);
    }
  });
});
