import { endpoints } from '@taquilla/contract';
import { describe, expect, it } from 'vitest';
import { configSchema } from '../../src/config.ts';
import { readManifests, readRepoFile } from '../helpers/infra-files.ts';

/**
 * infra/k8s: every document validated against its kind's Kubernetes OpenAPI
 * schema (kubernetes-models' validate(), offline), then the project's own
 * promises (decision 0045).
 */
type Obj = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const manifests = readManifests();
const docs = manifests.map((m) => m.doc as Obj);

function find(kind: string, name: string): Obj {
  const found = docs.find((d) => d.kind === kind && d.metadata?.name === name);
  if (!found) throw new Error(`no ${kind} ${name} in infra/k8s`);
  return found;
}

/** Deployments, the Job and the CronJob: their pod specs. */
function podSpecs(): { name: string; spec: Obj }[] {
  return docs.flatMap((d) => {
    if (d.kind === 'Deployment' || d.kind === 'Job') {
      return [{ name: `${d.kind}/${d.metadata.name}`, spec: d.spec.template.spec }];
    }
    if (d.kind === 'CronJob') {
      return [{ name: `CronJob/${d.metadata.name}`, spec: d.spec.jobTemplate.spec.template.spec }];
    }
    return [];
  });
}

const api = () => find('Deployment', 'taquilla-api');
const worker = () => find('Deployment', 'taquilla-worker');
const container = (deployment: Obj) => deployment.spec.template.spec.containers[0] as Obj;

describe('infra/k8s', () => {
  it('has every object the platform needs', () => {
    const kinds = docs.map((d) => `${d.kind}/${d.metadata.name}`).sort();
    expect(kinds).toEqual(
      [
        'ConfigMap/taquilla-backup-script',
        'ConfigMap/taquilla-config',
        'CronJob/taquilla-backup',
        'Deployment/taquilla-api',
        'Deployment/taquilla-worker',
        'HorizontalPodAutoscaler/taquilla-api',
        'Ingress/taquilla',
        'Ingress/taquilla-realtime',
        'Job/taquilla-migrate',
        'PersistentVolumeClaim/taquilla-backups',
        'PodDisruptionBudget/taquilla-api',
        'PodDisruptionBudget/taquilla-worker',
        'Secret/taquilla-env',
        'Service/taquilla-api',
      ].sort(),
    );
  });

  it.each(
    manifests.map((m) => [`${m.file} ${m.doc.kind}/${(m.doc as Obj).metadata?.name}`, m.doc]),
  )('validates against the Kubernetes schema: %s', async (_label, doc) => {
    const { apiVersion, kind } = doc as Obj;
    const module = (await import(
      /* @vite-ignore */ `kubernetes-models/${apiVersion}/${kind}`
    )) as Record<
      string,
      new (data: unknown) => { validate(): void; apiVersion: string; kind: string }
    >;
    const Model = module[kind as string];
    expect(Model, `${apiVersion} ${kind}`).toBeDefined();
    const model = new (Model as NonNullable<typeof Model>)(doc);
    expect(model.apiVersion).toBe(apiVersion);
    expect(model.kind).toBe(kind);
    expect(() => model.validate()).not.toThrow();
  });

  it('the schema check can fail: a Deployment without selector or with a text port is refused', async () => {
    const { Deployment } = await import('kubernetes-models/apps/v1/Deployment');
    const broken = structuredClone(api());
    delete broken.spec.selector;
    expect(() => new Deployment(broken).validate()).toThrow(/selector/);
    const textPort = structuredClone(api());
    textPort.spec.template.spec.containers[0].ports[0].containerPort = 'tres mil';
    expect(() => new Deployment(textPort).validate()).toThrow(/containerPort/);
  });

  it('probes the API: readiness on /health/ready and liveness on /health/live, on the container port', () => {
    const c = container(api());
    const port = c.ports.find((p: Obj) => p.name === 'http');
    expect(port.containerPort).toBe(Number(find('ConfigMap', 'taquilla-config').data.PORT));
    expect(c.readinessProbe.httpGet).toEqual({ path: endpoints.healthReady.path, port: 'http' });
    expect(c.livenessProbe.httpGet).toEqual({ path: endpoints.healthLive.path, port: 'http' });
    expect(endpoints.healthReady.path).toBe('/health/ready');
    expect(endpoints.healthLive.path).toBe('/health/live');
    // Liveness gives up later than readiness: a slow database takes a pod out of
    // the load balancer, it does not restart it.
    const failAfter = (p: Obj) => (p.periodSeconds ?? 10) * (p.failureThreshold ?? 3);
    expect(failAfter(c.livenessProbe)).toBeGreaterThan(failAfter(c.readinessProbe));
  });

  it('runs the API and worker images with their entry point commands, migrations from the migrate image', () => {
    expect(container(api()).args).toEqual(['server']);
    expect(container(worker()).args).toEqual(['worker']);
    const migrate = find('Job', 'taquilla-migrate').spec.template.spec.containers[0];
    expect(migrate.args).toEqual(['migrate']);
    expect(migrate.image).toMatch(/\/migrate:/);
    expect(container(api()).image).toMatch(/\/app:/);
    expect(container(worker()).image).toBe(container(api()).image);
  });

  it('locks every pod down: non-root, read-only root file system, no privilege escalation, no capabilities', () => {
    const specs = podSpecs();
    expect(specs.length).toBe(4);
    for (const { name, spec } of specs) {
      expect(spec.securityContext?.runAsNonRoot, name).toBe(true);
      expect(spec.securityContext?.runAsUser, name).toBeGreaterThan(0);
      expect(spec.securityContext?.seccompProfile?.type, name).toBe('RuntimeDefault');
      for (const c of spec.containers as Obj[]) {
        expect(c.securityContext, name).toMatchObject({
          allowPrivilegeEscalation: false,
          readOnlyRootFilesystem: true,
          capabilities: { drop: ['ALL'] },
        });
        // Writable places are volumes: /tmp always.
        const mounts = (c.volumeMounts ?? []) as Obj[];
        expect(
          mounts.map((m) => m.mountPath),
          name,
        ).toContain('/tmp');
        for (const mount of mounts) {
          const volume = (spec.volumes as Obj[]).find((v) => v.name === mount.name);
          expect(volume, `${name} ${mount.name}`).toBeDefined();
        }
      }
    }
    // The images' user (infra/Dockerfile: USER 10001:10001).
    for (const d of [api(), worker(), find('Job', 'taquilla-migrate')]) {
      expect(d.spec.template.spec.securityContext.runAsUser).toBe(10001);
    }
    expect(readRepoFile('infra/Dockerfile')).toMatch(/\nUSER 10001:10001\n/);
    // Where the app writes (STORAGE_DIR, MAIL_OUTBOX_DIR under /app/var) is a volume.
    for (const d of [api(), worker()]) {
      expect(container(d).volumeMounts.map((m: Obj) => m.mountPath)).toContain('/app/var');
    }
  });

  it('sets requests and memory limits on every container', () => {
    for (const { name, spec } of podSpecs()) {
      for (const c of spec.containers as Obj[]) {
        expect(c.resources?.requests?.cpu, name).toBeTruthy();
        expect(c.resources?.requests?.memory, name).toBeTruthy();
        expect(c.resources?.limits?.memory, name).toBeTruthy();
      }
    }
  });

  it('autoscales the API Deployment on CPU (autoscaling/v2), which then owns the replica count', () => {
    const hpa = find('HorizontalPodAutoscaler', 'taquilla-api');
    expect(hpa.apiVersion).toBe('autoscaling/v2');
    expect(hpa.spec.scaleTargetRef).toEqual({
      apiVersion: api().apiVersion,
      kind: 'Deployment',
      name: api().metadata.name,
    });
    expect(hpa.spec.minReplicas).toBeGreaterThanOrEqual(2);
    expect(hpa.spec.maxReplicas).toBeGreaterThan(hpa.spec.minReplicas);
    expect(hpa.spec.metrics).toContainEqual({
      type: 'Resource',
      resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: 70 } },
    });
    expect(api().spec.replicas).toBeUndefined();
  });

  it('protects both Deployments with a PodDisruptionBudget whose selector matches their pods', () => {
    for (const d of [api(), worker()]) {
      const pdb = find('PodDisruptionBudget', d.metadata.name);
      expect(pdb.spec.selector).toEqual(d.spec.selector);
      const labels = d.spec.template.metadata.labels as Record<string, string>;
      for (const [key, value] of Object.entries(pdb.spec.selector.matchLabels)) {
        expect(labels[key], key).toBe(value);
      }
      expect(pdb.spec.minAvailable).toBe(1);
    }
    // minAvailable 1 leaves room to evict: at least two pods each.
    expect(worker().spec.replicas).toBeGreaterThanOrEqual(2);
    expect(find('HorizontalPodAutoscaler', 'taquilla-api').spec.minReplicas).toBeGreaterThanOrEqual(
      2,
    );
    // The API's and worker's selectors do not overlap.
    expect(api().spec.selector).not.toEqual(worker().spec.selector);
  });

  it('serves the API through its Service, and the Ingress routes / and /realtime with WebSocket timeouts', () => {
    const service = find('Service', 'taquilla-api');
    const podLabels = api().spec.template.metadata.labels as Record<string, string>;
    for (const [key, value] of Object.entries(service.spec.selector)) {
      expect(podLabels[key]).toBe(value);
    }
    const servicePort = service.spec.ports[0];
    expect(servicePort.targetPort).toBe('http');

    const routes = docs
      .filter((d) => d.kind === 'Ingress')
      .flatMap((ingress) =>
        (ingress.spec.rules as Obj[]).flatMap((rule) =>
          (rule.http.paths as Obj[]).map((p) => ({ ingress, path: p.path, backend: p.backend })),
        ),
      );
    expect(routes.map((r) => r.path).sort()).toEqual(['/', '/realtime']);
    for (const route of routes) {
      expect(route.backend.service).toEqual({
        name: service.metadata.name,
        port: { name: servicePort.name },
      });
    }
    const realtime = routes.find((r) => r.path === '/realtime')?.ingress as Obj;
    const annotations = realtime.metadata.annotations as Record<string, string>;
    expect(
      Number(annotations['nginx.ingress.kubernetes.io/proxy-read-timeout']),
    ).toBeGreaterThanOrEqual(3600);
    expect(
      Number(annotations['nginx.ingress.kubernetes.io/proxy-send-timeout']),
    ).toBeGreaterThanOrEqual(3600);
    expect(realtime.spec.ingressClassName).toBe('nginx');
  });

  it('gives the pods every setting the API requires, secrets only in the Secret, names the API knows', () => {
    const known = Object.keys(configSchema.shape);
    const config = find('ConfigMap', 'taquilla-config').data as Record<string, string>;
    const secret = find('Secret', 'taquilla-env').stringData as Record<string, string>;
    const all = { ...config, ...secret };
    expect(Object.keys(all).filter((key) => !known.includes(key))).toEqual([]);
    const required = Object.entries(configSchema.shape)
      .filter(([, schema]) => !schema.safeParse(undefined).success)
      .map(([key]) => key);
    for (const key of required) expect(all, key).toHaveProperty(key);
    // Secrets never sit in the ConfigMap.
    for (const key of Object.keys(config)) {
      expect(key).not.toMatch(/^(DATABASE|REDIS|SMTP)_URL$|PASSWORD|SECRET|ACCESS_KEY/);
    }
    expect(config.PUBLIC_URL).toMatch(/^https:/);
    // Production sets its own signing secrets (derived from ADMIN_PASSWORD otherwise).
    for (const key of [
      'STORAGE_SIGNING_SECRET',
      'ORDER_LINK_SECRET',
      'CHAT_LINK_SECRET',
      'VIEWER_TOKEN_SECRET',
    ]) {
      expect(secret, key).toHaveProperty(key);
    }
    // Several replicas share files and mail: never the pod's own disk.
    expect(config.STORAGE_DRIVER).toBe('s3');
    expect(secret).toHaveProperty('SMTP_URL');
    for (const { name, spec } of podSpecs().filter((p) => !p.name.startsWith('CronJob'))) {
      expect(spec.containers[0].envFrom, name).toEqual([
        { configMapRef: { name: 'taquilla-config' } },
        { secretRef: { name: 'taquilla-env' } },
      ]);
    }
  });

  it('backs the database up nightly with scripts/ops/backup.sh itself, into a claimed volume', () => {
    const cron = find('CronJob', 'taquilla-backup');
    expect(cron.spec.concurrencyPolicy).toBe('Forbid');
    const pod = cron.spec.jobTemplate.spec.template.spec;
    const c = pod.containers[0];
    expect(c.command).toEqual(['/bin/sh', '/ops/backup.sh']);
    expect(c.env).toContainEqual({
      name: 'DATABASE_URL',
      valueFrom: { secretKeyRef: { name: 'taquilla-env', key: 'DATABASE_URL' } },
    });
    expect(find('ConfigMap', 'taquilla-backup-script').data['backup.sh']).toBe(
      readRepoFile('scripts/ops/backup.sh'),
    );
    const backups = pod.volumes.find((v: Obj) => v.persistentVolumeClaim);
    expect(backups.persistentVolumeClaim.claimName).toBe(
      find('PersistentVolumeClaim', 'taquilla-backups').metadata.name,
    );
    const dir = c.env.find((e: Obj) => e.name === 'BACKUP_DIR').value;
    expect(c.volumeMounts).toContainEqual({ name: backups.name, mountPath: dir });
  });
});
