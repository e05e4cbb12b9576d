/**
 * The compose deployment (docker-compose.yml and the Dockerfiles) as an operator relies on it. Docker does not run
 * here, so the files are read and what they set is given to the parts' own settings readers: what would break the
 * deployment (a setting the gateway or the site server refuses, a port or health check path that is not served, an
 * image running as root or carrying dev tools) fails here. image-replay.test.ts builds and runs the images.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { configFromEnv } from '../../gateway/src/config.js';
import { siteConfigFromEnv } from '../../web/server/config.js';
import { createSiteServer, type SiteServer } from '../../web/server/site-server.js';
import { repoRoot } from '../bench/processes.js';
import { stubSite } from '../start/harness.js';
import { dockerfile, envOf } from './read-deploy.js';

const read = (file: string) => fs.readFileSync(path.join(repoRoot, file), 'utf8');
const compose = parse(read('docker-compose.yml')) as any;
const services = compose.services as Record<string, any>;
const gatewayEnv = services.gateway.environment as Record<string, string>;
const webEnv = services.web.environment as Record<string, string>;
const webImage = dockerfile('web/Dockerfile');

/** Where a service's port is published on the host, as a browser reaches it. */
const publishedOrigin = (service: string, containerPort: number) => {
  const mapping = (services[service].ports as string[]).find((p) => p.endsWith(`:${containerPort}`));
  return `http://localhost:${mapping!.split(':')[0]}`;
};

describe('docker-compose.yml', () => {
  it('runs the site, two gateway replicas, Redis and the sandbox', () => {
    expect(Object.keys(services).sort()).toEqual(['gateway', 'redis', 'sandbox', 'web']);
    expect(services.gateway.deploy.replicas).toBe(2);
    // Replicas cannot each publish the same host port: only the site is reached from outside.
    expect(services.gateway.ports).toBeUndefined();
    expect(services.redis.ports).toBeUndefined();
    for (const name of ['web', 'gateway', 'sandbox']) {
      expect(
        fs.existsSync(path.join(repoRoot, services[name].build.context, services[name].build.dockerfile)),
      ).toBe(true);
    }
  });

  it('gives the gateway settings it accepts, in production mode, wired to the other services', () => {
    const config = configFromEnv(gatewayEnv);
    expect(gatewayEnv.NODE_ENV).toBe('production');
    expect(config.graphiql).toBe(false);
    // Redis and the backend by their service names, on the ports those services listen on.
    expect(config.redisUrl).toBe('redis://redis:6379');
    expect(new URL(config.casinoApiUrl).host).toBe(
      `sandbox:${dockerfile('sandbox/Dockerfile').env('SANDBOX_PORT')}`,
    );
    // Browsers load the site from its published port: that origin may open the WebSocket and read responses.
    expect(config.allowedOrigins).toContain(publishedOrigin('web', 8080));
    // Rate limits per client address through the site server, the one proxy in front.
    expect(config.trustProxy).toBe(1);
    expect(config.persistedOperationsOnly).toBe(true);
    // Images, game and payment pages are opened by the browser: a published address, not a service name.
    expect(config.casinoAssetsUrl).toBe(publishedOrigin('sandbox', 4010));
  });

  it('gives the site server settings it accepts, wired to the gateway service and its own published port', () => {
    const config = siteConfigFromEnv({ ...imageEnv(webImage), ...webEnv });
    // The gateway service's name: Docker's DNS answers with each replica, and the site spreads over them.
    expect(config.gatewayUrl).toEqual([`http://gateway:${gatewayEnv.GATEWAY_PORT}`]);
    // Listening on every interface of the container, on the port compose publishes.
    expect(config.host).toBe('0.0.0.0');
    expect(services.web.ports).toContain(`${config.port}:${config.port}`);
    expect(config.siteUrl).toBe(publishedOrigin('web', config.port));
    // The preconnect hint and the policy name the origin the gateway sends the images from.
    expect(config.assetsUrl).toBe(configFromEnv(gatewayEnv).casinoAssetsUrl);
  });

  it('shows how to point the gateway at a real casino backend instead of the sandbox', () => {
    const block = read('docker-compose.yml');
    for (const setting of ['CASINO_API_URL', 'CASINO_ASSETS_URL', 'PUSHER_URL', 'PUSHER_APP_KEY']) {
      expect(block).toMatch(new RegExp(`#\\s+${setting}: \\S+`));
    }
  });

  it('starts the site once a replica is ready, and a replica once Redis and the backend are', () => {
    const gatewayCheck = services.gateway.healthcheck.test.join(' ');
    expect(gatewayCheck).toContain(`127.0.0.1:${gatewayEnv.GATEWAY_PORT}/readyz`);
    expect(services.web.depends_on.gateway.condition).toBe('service_healthy');
    expect(services.gateway.depends_on.redis.condition).toBe('service_healthy');
    expect(services.gateway.depends_on.sandbox.condition).toBe('service_healthy');
    expect(services.redis.healthcheck.test).toContain('ping');
    // The image's own check is liveness: responding at all.
    expect(dockerfile('gateway/Dockerfile').finalStage.join('\n')).toMatch(/HEALTHCHECK[\s\S]*\/healthz/);
  });
});

describe('the site server as compose runs it, and the health checks', () => {
  let site: SiteServer;
  let dist: ReturnType<typeof stubSite>;

  beforeAll(async () => {
    dist = stubSite();
    site = await createSiteServer({
      ...siteConfigFromEnv({
        ...webEnv,
        WEB_PORT: '0',
        WEB_HOST: '127.0.0.1',
        GATEWAY_URL: 'http://127.0.0.1:9',
      }),
      distDir: dist.dir,
      // The stub build has no server part: the site says so once, which is not this test's concern.
      logger: { warn: () => {} },
    });
  });
  afterAll(async () => {
    await site?.close();
    dist?.remove();
  });

  /** The port and path a health check command asks (`fetch('http://127.0.0.1:8080/healthz')`). */
  const target = (command: string) => {
    const [, port, pathname] = /http:\/\/127\.0\.0\.1:(\d+)(\/\w+)/.exec(command)!;
    return { port: Number(port), path: pathname! };
  };

  it("ask the site server's port, for a path it answers, in compose and in the image alike", async () => {
    const checks = [
      services.web.healthcheck.test.join(' '),
      webImage.finalStage.find((line) => line.startsWith('HEALTHCHECK '))!,
    ];
    for (const check of checks) {
      const { port, path: pathname } = target(check);
      expect(port).toBe(Number(webImage.env('WEB_PORT')));
      const res = await fetch(`${site.url}${pathname}`);
      // Alive whatever the gateway's state (none listens here): a restart would not help the site.
      expect(res.status, check).toBe(200);
    }
  });

  it('send no empty preconnect hint when CASINO_ASSETS_URL is left empty', async () => {
    const bare = await createSiteServer({
      ...siteConfigFromEnv({ WEB_PORT: '0', GATEWAY_URL: 'http://127.0.0.1:9', CASINO_ASSETS_URL: '' }),
      distDir: dist.dir,
      // The stub build has no server part: the site says so once, which is not this test's concern.
      logger: { warn: () => {} },
    });
    try {
      const res = await fetch(`${bare.url}/`);
      expect(res.status).toBe(200);
      expect(res.headers.get('link')).toBeNull();
    } finally {
      await bare.close();
    }
  });

  it("ask the gateway's port in compose and in the image", () => {
    const compose = target(services.gateway.healthcheck.test.join(' '));
    const image = target(
      dockerfile('gateway/Dockerfile').finalStage.find((l) => l.startsWith('HEALTHCHECK '))!,
    );
    expect(compose).toEqual({ port: Number(gatewayEnv.GATEWAY_PORT), path: '/readyz' });
    expect(image).toEqual({ port: Number(gatewayEnv.GATEWAY_PORT), path: '/healthz' });
  });
});

describe('the images', () => {
  it('build the gateway in stages and run it compiled, as an unprivileged user, without dev dependencies', () => {
    const gateway = dockerfile('gateway/Dockerfile');
    expect(gateway.stages.length).toBeGreaterThanOrEqual(2);
    const final = gateway.finalStage.join('\n');
    expect(final).toMatch(/npm ci --omit=dev --workspace gateway/);
    expect(gateway.env('NODE_ENV')).toBe('production');
    expect(gateway.user()).not.toMatch(/^(root|0)$/);
    // Plain Node on the compiled build: no TypeScript runner in the image.
    const build = JSON.parse(read('gateway/tsconfig.build.json').replace(/^\s*\/\/.*$/gm, ''));
    expect(final).toContain(`CMD ["node", "gateway/${build.compilerOptions.outDir}/main.js"]`);
    expect(gateway.stages[0]!.join('\n')).toContain('npx tsc -p gateway/tsconfig.build.json');
    expect(gateway.env('GATEWAY_HOST')).toBe('0.0.0.0');
  });

  it("put the site's persisted operations where the gateway reads them", () => {
    const gateway = dockerfile('gateway/Dockerfile');
    const relayConfig = read('relay.config.js');
    const persisted = /persistConfig:\s*\{\s*file:\s*'\.\/([^']+)'/.exec(relayConfig)![1]!;
    const copy = gateway.finalStage.find((line) => line.includes(persisted))!;
    expect(copy).toBeDefined();
    const destination = copy.split(/\s+/).at(-1)!;
    expect(gateway.env('PERSISTED_OPERATIONS_FILE')).toBe(path.posix.join('/app', destination));
    expect(gateway.stages[0]!.join('\n')).toContain('npm run relay --workspace web');
  });

  it('run the site server compiled, as an unprivileged user, without dev dependencies, and the sandbox as one too', () => {
    expect(webImage.stages.length).toBeGreaterThanOrEqual(2);
    const final = webImage.finalStage.join('\n');
    expect(webImage.buildStages.at(-1)!.base).toMatch(/^node:\d+-bookworm-slim$/);
    expect(final).toMatch(/npm ci --omit=dev --workspace web /);
    expect(webImage.env('NODE_ENV')).toBe('production');
    expect(webImage.user()).not.toMatch(/^(root|0)$/);
    // Plain Node on the file `npm run build:server -w web` writes: no TypeScript runner in the image.
    const scripts = JSON.parse(read('web/package.json')).scripts as Record<string, string>;
    const outfile = /--outfile=(\S+)/.exec(scripts['build:server']!)![1]!;
    expect(final).toContain(`CMD ["node", "web/${outfile}"]`);
    expect(webImage.stages[0]!.join('\n')).toContain('npm run build:server --workspace web');
    expect(dockerfile('sandbox/Dockerfile').user()).toBe('node');
  });

  it('leave the working tree out of the build context', () => {
    const ignored = read('.dockerignore').split('\n');
    for (const entry of ['**/node_modules', '**/dist', '**/.data', '.git']) expect(ignored).toContain(entry);
  });
});

/** A Dockerfile final stage's ENV, every variable it sets. */
function imageEnv(image: ReturnType<typeof dockerfile>): Record<string, string> {
  return Object.assign(
    {},
    ...image.finalStage.filter((l) => l.startsWith('ENV ')).map((l) => envOf(l.slice(4))),
  );
}
