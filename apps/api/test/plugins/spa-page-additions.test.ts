import Fastify from 'fastify';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { escapeHtml, scriptJson } from '../../src/plugins/html.ts';
import { registerSpa } from '../../src/plugins/spa.ts';
import { createPageTemplate } from '../../src/plugins/spa-page.ts';
import { BUILT_INDEX, builtSpaDir, parseHtml } from '../helpers/html-page.ts';

describe("what pieces add to a page's HTML (decision 0069)", () => {
  it('replaces the build’s title and description and places head and body markup', () => {
    const page = createPageTemplate(BUILT_INDEX);
    expect(page.render([])).toBe(BUILT_INDEX);
    expect(page.render([null])).toBe(BUILT_INDEX);
    const html = page.render([
      { title: 'Gala <b>', description: 'Una "noche"', head: '<meta name="a" content="1" />' },
      {
        head: '<meta name="b" content="2" />',
        body: '<script type="application/json">{}</script>',
      },
    ]);
    const parsed = parseHtml(html);
    expect(parsed.title).toBe('Gala <b>');
    expect(parsed.document.querySelectorAll('title')).toHaveLength(1);
    expect(parsed.meta('description')).toBe('Una "noche"');
    expect(parsed.document.querySelectorAll('meta[name="description"]')).toHaveLength(1);
    expect(html).toMatch(/<meta name="a" content="1" \/><meta name="b" content="2" \/><\/head>/);
    expect(html).toMatch(/<script type="application\/json">\{\}<\/script><\/body>/);
    // What a piece leaves out stays as built.
    expect(page.render([{ head: '<meta name="c" />' }])).toContain('<title>Taquilla</title>');
  });

  it('still takes additions on a build without a head, a description or a body', () => {
    const html = createPageTemplate('<!doctype html><title>Taquilla</title>').render([
      { title: 'Gala', description: 'Texto', head: '<meta name="x" />', body: '<i></i>' },
    ]);
    const parsed = parseHtml(html);
    expect(parsed.title).toBe('Gala');
    expect(parsed.meta('description')).toBe('Texto');
    expect(parsed.document.querySelector('meta[name="x"]')).not.toBeNull();
    expect(parsed.document.querySelector('i')).not.toBeNull();
  });

  it('escapes text for HTML and JSON for a script block, and both read back whole', () => {
    const text = `"Fiesta" & <script>alert('x')</script>`;
    expect(escapeHtml(text)).toBe(
      '&quot;Fiesta&quot; &amp; &lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;',
    );
    const value = { name: `</script><!-- ${text} \u2028` };
    const json = scriptJson(value);
    expect(json).not.toMatch(/[<>&\u2028]/);
    expect(JSON.parse(json)).toEqual(value);
  });

  describe('in the SPA plugin', () => {
    let app: FastifyInstance;
    const logs: string[] = [];
    beforeAll(async () => {
      app = Fastify({
        logger: { level: 'error', stream: { write: (line: string) => logs.push(line) } },
      });
      await registerSpa(app, builtSpaDir(), {
        contributors: [
          async () => {
            throw new Error('consulta caída');
          },
          async (request) => ({ head: `<meta name="url" content="${escapeHtml(request.url)}" />` }),
        ],
      });
      await app.ready();
    });
    afterAll(() => app.close());

    it('serves the page without the part of a piece that fails, and logs it', async () => {
      const res = await app.inject({ url: '/gala?x=1', headers: { accept: 'text/html' } });
      expect(res.statusCode).toBe(200);
      const page = parseHtml(res.body);
      expect(page.title).toBe('Taquilla');
      expect(page.meta('url')).toBe('/gala?x=1');
      expect(logs.join('')).toContain('page addition failed');
      expect(logs.join('')).toContain('consulta caída');
    });

    it('never answers robots.txt or the sitemap with the page', async () => {
      for (const url of ['/robots.txt', '/sitemap.xml']) {
        const res = await app.inject({ url, headers: { accept: 'text/html' } });
        expect(res.statusCode, url).toBe(404);
      }
    });
  });
});
