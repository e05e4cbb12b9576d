/**
 * The Kubernetes deployment (deploy/kubernetes: base/ and the sandbox and production overlays) as an operator relies
 * on it. No cluster runs here: each overlay is rendered with `kubectl kustomize`, every object is checked against the
 * Kubernetes API's schemas, and what would break a rollout is checked against the servers themselves: settings their
 * config refuses, probes on paths or ports they do not serve, a grace period shorter than their drain, a Service or
 * a budget that selects nothing, a NetworkPolicy that cuts the site off from the gateway.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configFromEnv } from '../../gateway/src/config.js';
import { createGateway, type Gateway } from '../../gateway/src/server.js';
import { configFromEnv as sandboxConfigFromEnv } from '../../sandbox/src/config.js';
import { siteConfigFromEnv } from '../../web/server/config.js';
import { MAX_REQUEST_BYTES } from '../../web/server/request-body.js';
import { createSiteServer, type SiteServer } from '../../web/server/site-server.js';
import { repoRoot } from '../bench/processes.js';
import { stubSite } from '../start/harness.js';
import { schemaProblems } from './kubernetes-schemas.js';
import { KUBERNETES_DIR, kustomize, renderOverlay, type KubeObject } from './kustomize.js';
import { allows, type Peer } from './network-policies.js';
import { dockerfile } from './read-deploy.js';

const OVERLAYS = ['sandbox', 'production'] as const;
const rendered = Object.fromEntries(OVERLAYS.map((o) => [o, renderOverlay(o)])) as Record<
  (typeof OVERLAYS)[number],
  KubeObject[]
>;

const ofKind = (objects: KubeObject[], kind: string) => objects.filter((o) => o.kind === kind);
const named = (objects: KubeObject[], kind: string, name: string) => {
  const found = objects.find((o) => o.kind === kind && o.metadata.name === name);
  if (!found) throw new Error(`no ${kind} ${name}`);
  return found;
};
const containerOf = (deployment: KubeObject) => deployment.spec.template.spec.containers[0];
const labelsMatch = (selector: Record<string, string>, labels: Record<string, string>) =>
  Object.entries(selector).every(([k, v]) => labels[k] === v);

/** A container's environment as the kubelet gives it: plain values, and the ConfigMap and Secret keys it names. */
function environment(objects: KubeObject[], container: any): Record<string, string> {
  expect(container.envFrom, 'every variable is named in env').toBeUndefined();
  const env: Record<string, string> = {};
  for (const { name, value, valueFrom } of container.env ?? []) {
    if (valueFrom?.configMapKeyRef) {
      const ref = valueFrom.configMapKeyRef;
      env[name] = named(objects, 'ConfigMap', ref.name).data?.[ref.key];
    } else if (valueFrom?.secretKeyRef) {
      const ref = valueFrom.secretKeyRef;
      const data = named(objects, 'Secret', ref.name).data?.[ref.key];
      env[name] = data === undefined ? data : Buffer.from(data, 'base64').toString('utf8');
    } else env[name] = value;
    // A key the ConfigMap or Secret lacks stops the pod from starting (CreateContainerConfigError).
    expect(env[name], `${container.name}'s ${name}`).toBeTypeOf('string');
  }
  return env;
}

/** The variables a server's config module reads: the keys of its environment schema (`  NAME: z...`). */
function variablesRead(configFile: string): Set<string> {
  const source = fs.readFileSync(path.join(repoRoot, configFile), 'utf8');
  return new Set([...source.matchAll(/^\s+([A-Z][A-Z0-9_]+): /gm)].map((m) => m[1]!));
}

/** The port a probe, a Service or a policy names (a number, or a container port's name) as a number. */
function portNumber(container: any, port: number | string): number {
  if (typeof port === 'number') return port;
  const declared = container.ports?.find((p: any) => p.name === port);
  if (!declared) throw new Error(`${container.name} declares no port named ${port}`);
  return declared.containerPort;
}

/** The seconds a preStop hook pauses (`/bin/sleep N`, which node:20-bookworm-slim has). */
function preStopSeconds(container: any): number {
  const command = container.lifecycle?.preStop?.exec?.command as string[] | undefined;
  expect(command?.[0]).toBe('/bin/sleep');
  return Number(command![1]);
}

describe.each(OVERLAYS)('deploy/kubernetes/overlays/%s', (overlay) => {
  const objects = rendered[overlay];
  const deployments = ofKind(objects, 'Deployment');
  const site = named(objects, 'Deployment', 'site');
  const gateway = named(objects, 'Deployment', 'gateway');
  const siteEnv = environment(objects, containerOf(site));
  const gatewayEnv = environment(objects, containerOf(gateway));

  it('renders objects the Kubernetes API accepts, with no field it does not know', () => {
    expect(objects.length).toBeGreaterThan(10);
    const problems = objects.flatMap((o) =>
      schemaProblems(o).map((p) => `${o.kind} ${o.metadata.name}: ${p}`),
    );
    expect(problems).toEqual([]);
    // Everything in one namespace, which the overlay creates and holds to the restricted pod security standard.
    const namespace = ofKind(objects, 'Namespace');
    expect(namespace).toHaveLength(1);
    expect(namespace[0]!.metadata.labels?.['pod-security.kubernetes.io/enforce']).toBe('restricted');
    for (const o of objects.filter((o) => o.kind !== 'Namespace')) {
      expect(o.metadata.namespace, `${o.kind} ${o.metadata.name}`).toBe(namespace[0]!.metadata.name);
    }
  });

  it('gives each server settings its config accepts, and only settings it reads', () => {
    const gatewayConfig = configFromEnv(gatewayEnv);
    const siteConfig = siteConfigFromEnv(siteEnv);
    const read = variablesRead('gateway/src/config.ts');
    expect(Object.keys(gatewayEnv).filter((name) => !read.has(name))).toEqual([]);
    const siteRead = variablesRead('web/server/config.ts');
    expect(Object.keys(siteEnv).filter((name) => !siteRead.has(name))).toEqual([]);

    // Production mode: no GraphiQL, no introspection, only the site's persisted operations.
    expect(gatewayConfig.graphiql).toBe(false);
    expect(gatewayConfig.introspection).toBe(false);
    expect(gatewayConfig.persistedOperationsOnly).toBe(true);
    // The ingress controller and the site server each append to X-Forwarded-For: the client is two hops back.
    expect(gatewayConfig.trustProxy).toBe(2);
    // The site's public origin may open the WebSocket, and is the one its pages are addressed at.
    expect(gatewayConfig.allowedOrigins).toEqual([siteConfig.siteUrl]);
    expect(gatewayConfig.redisUrl).toMatch(/^rediss?:\/\//);
    expect(gatewayConfig.metricsToken).not.toBeNull();
    expect(siteConfig.assetsUrl).toBe(gatewayEnv.CASINO_ASSETS_URL);

    // The site reaches the gateway through its headless Service: one name for every ready replica's address.
    const gatewayUrl = new URL(siteEnv.GATEWAY_URL!);
    const service = named(objects, 'Service', gatewayUrl.hostname);
    expect(service.spec.clusterIP).toBe('None');
    expect(labelsMatch(service.spec.selector, gateway.spec.template.metadata.labels)).toBe(true);
    const servicePort = service.spec.ports.find((p: any) => p.port === Number(gatewayUrl.port));
    expect(portNumber(containerOf(gateway), servicePort.targetPort)).toBe(gatewayConfig.port);

    // Prometheus is pointed at the port and path the gateway serves its metrics on.
    const annotations = gateway.spec.template.metadata.annotations;
    expect(Number(annotations['prometheus.io/port'])).toBe(gatewayConfig.port);
    expect(annotations['prometheus.io/path']).toBe('/metrics');
  });

  it('probes each server on the paths it serves, on the port it listens on', () => {
    for (const [deployment, port] of [
      [site, siteConfigFromEnv(siteEnv).port],
      [gateway, configFromEnv(gatewayEnv).port],
    ] as const) {
      const container = containerOf(deployment);
      expect(container.ports.map((p: any) => p.containerPort)).toEqual([port]);
      const probes = {
        startup: container.startupProbe,
        readiness: container.readinessProbe,
        liveness: container.livenessProbe,
      };
      expect(probes.startup.httpGet.path).toBe('/healthz');
      expect(probes.readiness.httpGet.path).toBe('/readyz');
      expect(probes.liveness.httpGet.path).toBe('/healthz');
      for (const probe of Object.values(probes)) expect(portNumber(container, probe.httpGet.port)).toBe(port);
      // Liveness gives up only after the readiness has had its chances: a slow replica is taken out, not killed.
      expect(probes.liveness.periodSeconds * probes.liveness.failureThreshold).toBeGreaterThan(
        probes.readiness.periodSeconds * probes.readiness.failureThreshold,
      );
    }
  });

  it('runs the images of our Dockerfiles, on the ports they expose, as the user they run as', () => {
    const images: [KubeObject, string][] = [
      [site, 'web/Dockerfile'],
      [gateway, 'gateway/Dockerfile'],
    ];
    if (overlay === 'sandbox') images.push([named(objects, 'Deployment', 'sandbox'), 'sandbox/Dockerfile']);
    for (const [deployment, file] of images) {
      const image = dockerfile(file);
      const exposed = image.finalStage
        .filter((line) => /^EXPOSE /i.test(line))
        .map((line) => Number(line.slice(7)));
      expect(
        containerOf(deployment).ports.map((p: any) => p.containerPort),
        file,
      ).toEqual(exposed);
      // 'node' in node:20-bookworm-slim is user 1000, whom the pod runs as.
      expect(image.user()).toBe('node');
      expect(containerOf(deployment).securityContext.runAsUser).toBe(1000);
      // The overlay names the image; the images are tagged by what they are (playlive-web from web/Dockerfile).
      expect(containerOf(deployment).image).toMatch(new RegExp(`${file.split('/')[0]}:[\\w.-]+$`));
    }
  });

  it('runs every container unprivileged on a read-only filesystem', () => {
    for (const deployment of deployments) {
      const pod = deployment.spec.template.spec;
      expect(pod.automountServiceAccountToken, deployment.metadata.name).toBe(false);
      // Service links would set GATEWAY_PORT=tcp://... (the Service `gateway`), which the servers read as a port.
      expect(pod.enableServiceLinks, deployment.metadata.name).toBe(false);
      expect(pod.hostNetwork ?? false).toBe(false);
      for (const container of pod.containers) {
        const context = { ...pod.securityContext, ...container.securityContext };
        expect(context, `${deployment.metadata.name}/${container.name}`).toMatchObject({
          runAsNonRoot: true,
          readOnlyRootFilesystem: true,
          allowPrivilegeEscalation: false,
          capabilities: { drop: ['ALL'] },
          seccompProfile: { type: 'RuntimeDefault' },
        });
        expect(context.runAsUser).toBeGreaterThan(0);
        expect(context.capabilities.add).toBeUndefined();
      }
    }
  });

  it('gives every container CPU and memory requests and limits', () => {
    for (const deployment of deployments) {
      for (const container of deployment.spec.template.spec.containers) {
        expect(Object.keys(container.resources.requests).sort(), deployment.metadata.name).toEqual([
          'cpu',
          'memory',
        ]);
        expect(Object.keys(container.resources.limits).sort()).toEqual(['cpu', 'memory']);
      }
    }
  });

  it("lets each server drain before it is killed: preStop pause + the server's grace < the grace period", () => {
    for (const [deployment, graceMs] of [
      [site, siteConfigFromEnv(siteEnv).shutdownGraceMs],
      [gateway, configFromEnv(gatewayEnv).shutdownGraceMs],
    ] as const) {
      const pause = preStopSeconds(containerOf(deployment));
      // Long enough for the endpoint's removal to reach the ingress controller and the site servers' DNS.
      expect(pause).toBeGreaterThanOrEqual(5);
      expect(deployment.spec.template.spec.terminationGracePeriodSeconds * 1000).toBeGreaterThan(
        pause * 1000 + graceMs,
      );
      // Rolling updates add a ready replica before taking one away.
      expect(deployment.spec.strategy.rollingUpdate).toMatchObject({ maxUnavailable: 0 });
    }
  });

  it('autoscales the site and the gateway on CPU, and budgets their disruptions', () => {
    for (const deployment of [site, gateway]) {
      const name = deployment.metadata.name;
      const podLabels = deployment.spec.template.metadata.labels;
      const hpa = ofKind(objects, 'HorizontalPodAutoscaler').filter(
        (h) => h.spec.scaleTargetRef.kind === 'Deployment' && h.spec.scaleTargetRef.name === name,
      );
      expect(hpa, name).toHaveLength(1);
      expect(hpa[0]!.apiVersion).toBe('autoscaling/v2');
      expect(hpa[0]!.spec.metrics).toContainEqual(
        expect.objectContaining({ type: 'Resource', resource: expect.objectContaining({ name: 'cpu' }) }),
      );
      expect(hpa[0]!.spec.minReplicas).toBeGreaterThanOrEqual(2);
      const budgets = ofKind(objects, 'PodDisruptionBudget').filter((b) =>
        labelsMatch(b.spec.selector.matchLabels, podLabels),
      );
      expect(budgets, name).toHaveLength(1);
      // The budget covers this Deployment's pods and no other's, and lets a drain proceed one pod at a time.
      for (const other of deployments.filter((d) => d !== deployment)) {
        expect(labelsMatch(budgets[0]!.spec.selector.matchLabels, other.spec.template.metadata.labels)).toBe(
          false,
        );
      }
      expect(budgets[0]!.spec.maxUnavailable).toBeGreaterThanOrEqual(1);
      // The Deployment's selector picks its own pods.
      expect(labelsMatch(deployment.spec.selector.matchLabels, podLabels)).toBe(true);
    }
  });

  it("has every Service select one Deployment's pods and target a port they declare", () => {
    for (const service of ofKind(objects, 'Service')) {
      const selected = deployments.filter((d) =>
        labelsMatch(service.spec.selector, d.spec.template.metadata.labels),
      );
      expect(
        selected.map((d) => d.metadata.name),
        service.metadata.name,
      ).toHaveLength(1);
      for (const port of service.spec.ports) {
        expect(() => portNumber(containerOf(selected[0]!), port.targetPort)).not.toThrow();
      }
    }
  });

  it("takes players to the site through the Ingress, with WebSocket and SSE timeouts, on SITE_URL's host", () => {
    const ingress = named(objects, 'Ingress', 'site');
    const annotations = ingress.metadata.annotations!;
    expect(Number(annotations['nginx.ingress.kubernetes.io/proxy-read-timeout'])).toBeGreaterThanOrEqual(
      3600,
    );
    expect(Number(annotations['nginx.ingress.kubernetes.io/proxy-send-timeout'])).toBeGreaterThanOrEqual(
      3600,
    );
    // nginx's own limit lies above the site's, so an oversized GraphQL body gets the site's GraphQL error.
    const bodySize = /^(\d+)k$/.exec(annotations['nginx.ingress.kubernetes.io/proxy-body-size']!);
    expect(Number(bodySize![1]) * 1024).toBeGreaterThan(MAX_REQUEST_BYTES);
    const siteUrl = new URL(siteEnv.SITE_URL!);
    expect(ingress.spec.rules).toHaveLength(1);
    const rule = ingress.spec.rules[0];
    expect(rule.host).toBe(siteUrl.hostname);
    const backend = rule.http.paths[0].backend.service;
    const service = named(objects, 'Service', backend.name);
    expect(labelsMatch(service.spec.selector, site.spec.template.metadata.labels)).toBe(true);
    expect(service.spec.ports.map((p: any) => p.name)).toContain(backend.port.name);
    if (siteUrl.protocol === 'https:') expect(ingress.spec.tls[0].hosts).toEqual([siteUrl.hostname]);
  });

  it('lets only the ingress controller reach the site, only the site reach the gateway', () => {
    const policies = ofKind(objects, 'NetworkPolicy');
    const name = ofKind(objects, 'Namespace')[0]!.metadata.name;
    const namespace = { 'kubernetes.io/metadata.name': name };
    const pod = (d: KubeObject): Peer => ({ namespace, pod: d.spec.template.metadata.labels });
    const ingressController: Peer = {
      namespace: { 'kubernetes.io/metadata.name': 'ingress-nginx' },
      pod: { 'app.kubernetes.io/name': 'ingress-nginx' },
    };
    const dns: Peer = {
      namespace: { 'kubernetes.io/metadata.name': 'kube-system' },
      pod: { 'k8s-app': 'kube-dns' },
    };
    const otherPod: Peer = { namespace: { 'kubernetes.io/metadata.name': 'elsewhere' }, pod: { app: 'x' } };
    const allowed = (from: Peer, to: Peer, port: number) => allows(policies, namespace, { from, to, port });
    const sitePort = siteConfigFromEnv(siteEnv).port;
    const gatewayPort = configFromEnv(gatewayEnv).port;

    expect(allowed(ingressController, pod(site), sitePort)).toBe(true);
    expect(allowed(otherPod, pod(site), sitePort)).toBe(false);
    expect(allowed(pod(site), pod(gateway), gatewayPort)).toBe(true);
    expect(allowed(pod(site), dns, 53)).toBe(true);
    expect(allowed(ingressController, pod(gateway), gatewayPort)).toBe(false);
    expect(allowed(otherPod, pod(gateway), gatewayPort)).toBe(false);
    expect(allowed(pod(gateway), dns, 53)).toBe(true);
    // The site calls nothing but the gateway.
    expect(allowed(pod(site), { ip: '203.0.113.7' }, 443)).toBe(false);

    const redisUrl = new URL(configFromEnv(gatewayEnv).redisUrl!);
    const casinoUrl = new URL(configFromEnv(gatewayEnv).casinoApiUrl);
    if (overlay === 'sandbox') {
      // The casino's backend and Redis are the overlay's own Services.
      const sandbox = named(objects, 'Deployment', 'sandbox');
      const redis = named(objects, 'Deployment', 'redis');
      const serviceTo = (url: URL, deployment: KubeObject) => {
        const service = named(objects, 'Service', url.hostname);
        expect(labelsMatch(service.spec.selector, deployment.spec.template.metadata.labels)).toBe(true);
        const port = service.spec.ports.find((p: any) => p.port === Number(url.port));
        return portNumber(containerOf(deployment), port.targetPort);
      };
      const sandboxPort = serviceTo(casinoUrl, sandbox);
      const redisPort = serviceTo(redisUrl, redis);
      expect(sandboxPort).toBe(sandboxConfigFromEnv(environment(objects, containerOf(sandbox))).port);
      expect(allowed(pod(gateway), pod(sandbox), sandboxPort)).toBe(true);
      expect(allowed(pod(gateway), pod(redis), redisPort)).toBe(true);
      expect(allowed(pod(site), pod(redis), redisPort)).toBe(false);
      expect(allowed(pod(site), pod(sandbox), sandboxPort)).toBe(false);
      // Browsers load the sandbox's images and pages through the ingress controller.
      expect(allowed(ingressController, pod(sandbox), sandboxPort)).toBe(true);
    } else {
      // The casino's backend, its live channels and the managed Redis are outside the cluster.
      const outside: Peer = { ip: '203.0.113.7' };
      expect(allowed(pod(gateway), outside, Number(casinoUrl.port || 443))).toBe(true);
      expect(allowed(pod(gateway), outside, Number(redisUrl.port || 6379))).toBe(true);
    }
  });
});

describe('deploy/kubernetes/overlays/production', () => {
  const production = path.join(KUBERNETES_DIR, 'overlays/production');

  it('renders only once the operator has written secrets.env, which git ignores', () => {
    if (!fs.existsSync(path.join(production, 'secrets.env'))) {
      expect(() => kustomize(production)).toThrow(/secrets\.env/);
    }
    const ignored = execFileSync('git', ['check-ignore', path.join(production, 'secrets.env')], {
      cwd: repoRoot,
      encoding: 'utf8',
    });
    expect(ignored.trim()).not.toBe('');
    // The Secret holds exactly the example's keys: the example names everything there is to fill in.
    const secret = ofKind(rendered.production, 'Secret')[0]!;
    const example = fs.readFileSync(path.join(production, 'secrets.env.example'), 'utf8');
    const keys = [...example.matchAll(/^([A-Z_]+)=/gm)].map((m) => m[1]);
    expect(Object.keys(secret.data).sort()).toEqual(keys.sort());
  });

  it('marks every setting the operator must fill in', () => {
    for (const file of ['kustomization.yaml', 'settings.env']) {
      expect(fs.readFileSync(path.join(production, file), 'utf8')).toContain('OPERATOR');
    }
  });
});

describe('the schema check', () => {
  it('refuses a misspelt field and a value of the wrong type', () => {
    const deployment = structuredClone(named(rendered.sandbox, 'Deployment', 'gateway'));
    const container = containerOf(deployment);
    container.readinesProbe = container.readinessProbe;
    container.ports[0].containerPort = 'http';
    expect(schemaProblems(deployment)).toEqual([
      expect.stringContaining('containerPort must be integer'),
      'unknown field spec.template.spec.containers[0].readinesProbe',
    ]);
  });
});

/**
 * The probes' paths asked of the real servers, started with the production overlay's settings (on 127.0.0.1 at a free
 * port, against a stand-in for the casino's backend and without Redis): a probe on a path a server does not serve
 * would keep every pod out of rotation.
 */
describe('the servers, started with the production overlay settings', () => {
  let casino: http.Server;
  let gateway: Gateway;
  let site: SiteServer;
  let dist: ReturnType<typeof stubSite>;
  let operations: string;

  beforeAll(async () => {
    // The casino's backend is outside the system: a server that answers the gateway's ping.
    casino = http.createServer((_req, res) =>
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}'),
    );
    await new Promise<void>((resolve) => casino.listen(0, '127.0.0.1', resolve));
    const casinoUrl = `http://127.0.0.1:${(casino.address() as AddressInfo).port}`;
    const objects = rendered.production;
    const env = environment(objects, containerOf(named(objects, 'Deployment', 'gateway')));
    delete env.REDIS_URL;
    // The image's persisted operations file (gateway/Dockerfile); here one operation stands for the site's.
    operations = path.join(
      fs.mkdtempSync(path.join(os.tmpdir(), 'operations-')),
      'persisted-operations.json',
    );
    fs.writeFileSync(operations, JSON.stringify({ typename: 'query Typename { __typename }' }));
    const quiet = { info: () => {}, warn: () => {}, error: () => {}, debug: () => {} };
    gateway = await createGateway({
      config: configFromEnv({
        ...env,
        GATEWAY_HOST: '127.0.0.1',
        GATEWAY_PORT: '0',
        CASINO_API_URL: casinoUrl,
        PUSHER_URL: casinoUrl,
        PERSISTED_OPERATIONS_FILE: operations,
      }),
      logger: quiet,
    });
    dist = stubSite();
    const siteEnv = environment(objects, containerOf(named(objects, 'Deployment', 'site')));
    site = await createSiteServer({
      ...siteConfigFromEnv({ ...siteEnv, WEB_HOST: '127.0.0.1', WEB_PORT: '0', GATEWAY_URL: gateway.url }),
      distDir: dist.dir,
      logger: quiet,
    });
  });

  afterAll(async () => {
    await site?.close();
    await gateway?.close();
    await new Promise((resolve) => casino?.close(resolve));
    dist?.remove();
    if (operations) fs.rmSync(path.dirname(operations), { recursive: true, force: true });
  });

  it('answers /healthz at once and /readyz once it can serve', async () => {
    const objects = rendered.production;
    for (const [deployment, url] of [
      ['gateway', gateway.url],
      ['site', site.url],
    ] as const) {
      const container = containerOf(named(objects, 'Deployment', deployment));
      const liveness = await fetch(`${url}${container.livenessProbe.httpGet.path}`);
      expect(liveness.status, `${deployment} liveness`).toBe(200);
      const startup = await fetch(`${url}${container.startupProbe.httpGet.path}`);
      expect(startup.status, `${deployment} startup`).toBe(200);
      // The site is ready once it has seen a ready gateway (it asks in the background).
      await expect
        .poll(async () => (await fetch(`${url}${container.readinessProbe.httpGet.path}`)).status)
        .toBe(200);
    }
    // Probes on a path neither serves would fail: the servers do tell the two apart.
    expect((await fetch(`${gateway.url}/no-such-probe`)).status).toBe(404);
  });

  it("serves Prometheus the gateway's metrics where the annotations say, to the Secret's token only", async () => {
    const objects = rendered.production;
    const deployment = named(objects, 'Deployment', 'gateway');
    const metrics = `${gateway.url}${deployment.spec.template.metadata.annotations['prometheus.io/path']}`;
    const token = environment(objects, containerOf(deployment)).METRICS_TOKEN;
    const scrape = await fetch(metrics, { headers: { authorization: `Bearer ${token}` } });
    expect(scrape.status).toBe(200);
    expect(await scrape.text()).toContain('# TYPE');
    expect((await fetch(metrics)).status).not.toBe(200);
  });
});
