import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { createTestApp } from '../helpers/app.ts';
import type { TestApp } from '../helpers/app.ts';
import { metricTypes, scrape } from '../helpers/prometheus.ts';

const INFRA = path.resolve(import.meta.dirname, '../../../../infra');

interface Target {
  expr?: string;
  datasource?: { uid?: string };
}
interface Panel {
  id: number;
  type: string;
  title: string;
  targets?: Target[];
  datasource?: { uid?: string };
  panels?: Panel[];
}

/** PromQL's functions, aggregations and keywords: every other identifier is a metric name. */
const PROMQL_WORDS = new Set(
  [
    'sum avg min max count stddev stdvar topk bottomk quantile count_values group',
    'rate irate increase delta idelta deriv histogram_quantile clamp_min clamp_max abs',
    'avg_over_time max_over_time min_over_time sum_over_time label_replace vector scalar time',
    'by without on ignoring group_left group_right and or unless bool offset inf nan',
  ]
    .join(' ')
    .split(' '),
);

/** The metric names and label names an expression reads. */
function namesIn(expr: string): { metrics: Set<string>; labels: Set<string> } {
  const labels = new Set<string>();
  let rest = expr.replace(/"(?:[^"\\]|\\.)*"/g, '""');
  // Label matchers {name op "value", …}, then grouping clauses by/without/on/ignoring (…).
  rest = rest.replace(/\{([^}]*)\}/g, (_, inner: string) => {
    for (const [, name] of inner.matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)\s*(?:=~|!~|!=|=)/g)) {
      labels.add(name!);
    }
    return ' ';
  });
  rest = rest.replace(/\b(by|without|on|ignoring)\s*\(([^)]*)\)/g, (_, _kw, inner: string) => {
    for (const name of inner.split(',').map((s) => s.trim())) if (name) labels.add(name);
    return ' ';
  });
  rest = rest.replace(/\[[^\]]*\]/g, ' ');
  // Number literals (0.95, 1e-9) before identifiers are picked out.
  rest = rest.replace(/(?<![a-zA-Z0-9_:])\d[\d.]*(?:e[+-]?\d+)?/gi, ' ');
  const metrics = new Set(
    [...rest.matchAll(/[a-zA-Z_:][a-zA-Z0-9_:]*/g)]
      .map((m) => m[0])
      .filter((word) => !PROMQL_WORDS.has(word.toLowerCase())),
  );
  return { metrics, labels };
}

function allPanels(panels: Panel[]): Panel[] {
  return panels.flatMap((p) => [p, ...allPanels(p.panels ?? [])]);
}

/** Labels Prometheus adds to every scraped series, and the histogram bucket label. */
const TARGET_LABELS = new Set(['instance', 'job', 'le']);

describe('the Grafana dashboard (infra/grafana/taquilla-dashboard.json)', () => {
  const dashboard = JSON.parse(
    readFileSync(path.join(INFRA, 'grafana/taquilla-dashboard.json'), 'utf8'),
  ) as { panels: Panel[]; __inputs: { name: string; pluginId: string }[]; uid: string };
  const panels = allPanels(dashboard.panels).filter((p) => p.type !== 'row');

  let t: TestApp;
  let exposed: { metrics: Set<string>; labels: Set<string> };
  beforeAll(async () => {
    t = await createTestApp();
    // One answered request, so the labelled HTTP series have samples.
    await t.app.inject({ method: 'GET', url: '/shows' });
    const { text, samples } = await scrape(t);
    exposed = {
      metrics: new Set([...samples.map((s) => s.name), ...metricTypes(text).keys()]),
      labels: new Set(samples.flatMap((s) => Object.keys(s.labels))),
    };
  });
  afterAll(() => t.close());

  it('is importable: a Prometheus data source input, unique panel ids, a query in every panel', () => {
    expect(dashboard.uid).toBe('taquilla-overview');
    expect(dashboard.__inputs).toEqual([
      expect.objectContaining({ name: 'DS_PROMETHEUS', pluginId: 'prometheus' }),
    ]);
    const ids = allPanels(dashboard.panels).map((p) => p.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const panel of panels) {
      expect(panel.datasource?.uid, panel.title).toBe('${DS_PROMETHEUS}');
      expect(panel.targets?.length, panel.title).toBeGreaterThan(0);
      for (const target of panel.targets ?? []) expect(target.expr, panel.title).toBeTruthy();
    }
  });

  it('has the panels the operator needs', () => {
    const titles = panels.map((p) => p.title);
    for (const wanted of [
      'Request rate by route',
      'Error rate',
      'Latency p50 by route',
      'Latency p95 by route',
      'Latency p99 by route',
      'Holds',
      'Orders by status',
      'Queue depths',
      'Job failures',
      'WebSocket connections',
      'WebSocket deliveries',
    ]) {
      expect(titles).toContain(wanted);
    }
  });

  it('queries only metrics and labels that /metrics really exposes', () => {
    const unknown: string[] = [];
    for (const panel of panels) {
      for (const target of panel.targets ?? []) {
        const { metrics, labels } = namesIn(target.expr ?? '');
        expect(metrics.size, `${panel.title}: ${target.expr}`).toBeGreaterThan(0);
        for (const metric of metrics) {
          if (!exposed.metrics.has(metric)) unknown.push(`${panel.title}: metric ${metric}`);
        }
        for (const label of labels) {
          if (!exposed.labels.has(label) && !TARGET_LABELS.has(label)) {
            unknown.push(`${panel.title}: label ${label}`);
          }
        }
      }
    }
    expect(unknown).toEqual([]);
  });

  it('would catch a misspelt metric or label (the checker itself)', () => {
    const bad = namesIn(
      'sum by (rout) (rate(http_request_total{status_class="5xx"}[$__rate_interval])) / 1e-9',
    );
    expect([...bad.metrics]).toEqual(['http_request_total']);
    expect(exposed.metrics.has('http_request_total')).toBe(false);
    expect([...bad.labels].sort()).toEqual(['rout', 'status_class']);
    expect(exposed.labels.has('rout')).toBe(false);
  });
});

describe('the Prometheus example (infra/prometheus.yml)', () => {
  it('scrapes /metrics of the API service that docker-compose.yml defines', () => {
    const config = parseYaml(readFileSync(path.join(INFRA, 'prometheus.yml'), 'utf8')) as {
      scrape_configs: {
        job_name: string;
        metrics_path: string;
        static_configs: { targets: string[] }[];
      }[];
    };
    const api = config.scrape_configs.find((c) => c.job_name === 'taquilla-api');
    expect(api?.metrics_path).toBe('/metrics');
    const compose = parseYaml(readFileSync(path.join(INFRA, '../docker-compose.yml'), 'utf8')) as {
      services: Record<string, unknown>;
    };
    for (const target of api?.static_configs.flatMap((s) => s.targets) ?? []) {
      expect(Object.keys(compose.services)).toContain(target.split(':')[0]);
    }
  });
});
