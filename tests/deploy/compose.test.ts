/**
 * The compose deployment (docker-compose.yml, the Dockerfiles, deploy/nginx) as an operator relies on it. Docker
 * does not run here, so the files are read: what would break the deployment (a gateway setting it refuses, nginx
 * not passing WebSockets, an image running as root or carrying dev tools, the site's headers differing between
 * nginx and `npm start`'s site server) fails here.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { configFromEnv } from '../../gateway/src/config.js';
import { createSiteServer, type SiteServer } from '../../web/server/site-server.js';
import { repoRoot } from '../bench/processes.js';
import { stubSite } from '../start/harness.js';
import { dockerfile, nginxLocations, renderTemplate } from './read-deploy.js';

const read = (file: string) => fs.readFileSync(path.join(repoRoot, file), 'utf8');
const compose = parse(read('docker-compose.yml')) as any;
const services = compose.services as Record<string, any>;
const gatewayEnv = services.gateway.environment as Record<string, string>;
const webEnv = services.web.environment as Record<string, string>;
const nginxTemplates = path.join(repoRoot, 'deploy/nginx/templates');
const nginxConfig = read('deploy/nginx/templates/default.conf.template');

/** Where a service's port is published on the host, as a browser reaches it. */
const publishedOrigin = (service: string, containerPort: number) => {
  const mapping = (services[service].ports as string[]).find((p) => p.endsWith(`:${containerPort}`));
  return `http://localhost:${mapping!.split(':')[0]}`;
};

describe('docker-compose.yml', () => {
  it('runs the site, two gateway replicas, Redis and the sandbox', () => {
    expect(Object.keys(services).sort()).toEqual(['gateway', 'redis', 'sandbox', 'web']);
    expect(services.gateway.deploy.replicas).toBe(2);
    // Replicas cannot each publish the same host port: only nginx is reached from outside.
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
    // Browsers load the site from nginx's published port: that origin may open the WebSocket and read responses.
    expect(config.allowedOrigins).toContain(publishedOrigin('web', 8080));
    // Rate limits per client address through nginx, the one proxy in front.
    expect(config.trustProxy).toBe(1);
    expect(config.persistedOperationsOnly).toBe(true);
    // Images, game and payment pages are opened by the browser: a published address, not a service name.
    expect(config.casinoAssetsUrl).toBe(publishedOrigin('sandbox', 4010));
    expect(webEnv.CASINO_ASSETS_ORIGIN).toBe(new URL(config.casinoAssetsUrl!).origin);
  });

  it('shows how to point the gateway at a real casino backend instead of the sandbox', () => {
    const block = read('docker-compose.yml');
    for (const setting of ['CASINO_API_URL', 'CASINO_ASSETS_URL', 'PUSHER_URL', 'PUSHER_APP_KEY']) {
      expect(block).toMatch(new RegExp(`#\\s+${setting}: \\S+`));
    }
  });

  it('starts nginx once a replica is ready, and a replica once Redis and the backend are', () => {
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

describe('nginx in front of the replicas', () => {
  it('balances /graphql over the gateway service, WebSocket upgrades included', () => {
    const upstream = /upstream\s+(\w+)\s*\{([^}]*)\}/.exec(nginxConfig)!;
    // Docker's DNS gives every replica for the service name; `resolve` follows them as they come and go.
    expect(upstream[2]).toMatch(new RegExp(`server\\s+gateway:${gatewayEnv.GATEWAY_PORT}\\s+resolve;`));
    expect(nginxConfig).toMatch(/resolver\s+127\.0\.0\.11/);
    const graphql = nginxLocations(nginxConfig, nginxTemplates).get('= /graphql')!;
    expect(graphql.directives).toContain(`proxy_pass http://${upstream[1]};`);
    expect(graphql.directives).toContain('proxy_http_version 1.1;');
    expect(graphql.directives).toContain('proxy_set_header Upgrade $http_upgrade;');
    expect(graphql.directives).toContain('proxy_set_header Connection $connection_upgrade;');
    expect(nginxConfig).toMatch(/map \$http_upgrade \$connection_upgrade \{\s*default upgrade;/);
    // The Origin check compares with the browser's host and port; rate limits read the client's address.
    expect(graphql.directives).toContain('proxy_set_header Host $http_host;');
    expect(graphql.directives).toContain('proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;');
    // Subscriptions over server-sent events are not held back in a buffer.
    expect(graphql.directives).toContain('proxy_buffering off;');
    // The gateway's responses keep the gateway's own headers.
    expect(graphql.headers.size).toBe(0);
  });

  it('serves the build listening where the web service publishes it', () => {
    expect(nginxConfig).toMatch(/listen 8080;/);
    expect(services.web.ports).toContain('8080:8080');
    expect(nginxConfig).toMatch(/root \/usr\/share\/nginx\/html;/);
    expect(dockerfile('web/Dockerfile').finalStage.join('\n')).toContain(
      'COPY --from=build /app/web/dist /usr/share/nginx/html',
    );
  });
});

describe("the site's responses, from nginx and from the site server alike", () => {
  const assetsUrl = 'https://cdn.casino.example';
  const thirdParty = ['https://chat.example', 'https://errors.example'];
  let site: SiteServer;
  let dist: ReturnType<typeof stubSite>;

  beforeAll(async () => {
    dist = stubSite();
    site = await createSiteServer({
      port: 0,
      host: '127.0.0.1',
      distDir: dist.dir,
      gatewayUrl: 'http://127.0.0.1:9',
      assetsUrl,
      thirdPartyOrigins: thirdParty,
    });
  });
  afterAll(async () => {
    await site?.close();
    dist?.remove();
  });

  /** The nginx headers of a location, as the image renders them with these settings. */
  const nginxHeaders = (location: string) => {
    const rendered = renderTemplate(nginxConfig, {
      CASINO_ASSETS_ORIGIN: assetsUrl,
      SITE_OUTSIDE_ORIGINS: thirdParty.join(' '),
    });
    return nginxLocations(rendered, nginxTemplates, {
      CASINO_ASSETS_ORIGIN: assetsUrl,
      SITE_OUTSIDE_ORIGINS: thirdParty.join(' '),
    }).get(location)!.headers;
  };

  /** A policy as directive -> its sources (order and repeats aside). */
  const policy = (csp: string) =>
    Object.fromEntries(
      csp
        .split(';')
        .map((d) => d.trim().split(/\s+/))
        .filter((d) => d[0])
        .map(([name, ...sources]) => [name, [...new Set(sources)].sort()]),
    );

  for (const [location, pathname] of [
    ['/', '/games/slots'],
    ['/assets/', dist_asset()],
  ] as const) {
    it(`sends the same security and caching headers for ${pathname}`, async () => {
      const res = await fetch(`${site.url}${pathname}`);
      expect(res.status).toBe(200);
      const nginx = nginxHeaders(location);
      for (const name of ['x-content-type-options', 'referrer-policy', 'x-frame-options', 'cache-control']) {
        expect(nginx.get(name), name).toBe(res.headers.get(name));
      }
      expect(policy(nginx.get('content-security-policy')!)).toEqual(
        policy(res.headers.get('content-security-policy')!),
      );
      expect(nginx.get('link') ?? null).toBe(res.headers.get('link'));
    });
  }
});

/** The stub site's one asset (tests/start/harness.ts names it). */
function dist_asset(): string {
  return '/assets/index-Bx3f9a1C.js';
}

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

  it('serve the site from nginx as an unprivileged user, and the sandbox as one too', () => {
    const web = dockerfile('web/Dockerfile');
    expect(web.stages.length).toBeGreaterThanOrEqual(2);
    expect(web.finalStage[0]).toMatch(/^FROM nginxinc\/nginx-unprivileged:/);
    expect(web.user()).not.toMatch(/^(root|0)$/);
    // No Node (and so no dev dependency) in the site's image: only the build's output.
    expect(web.finalStage.join('\n')).not.toMatch(/npm /);
    // Every variable the templates use is set (empty by default), or nginx would get the text "${...}".
    const used = new Set([...nginxConfig.matchAll(/\$\{(\w+)\}/g)].map((m) => m[1]!));
    for (const name of used) expect(web.env(name), name).toBeDefined();
    expect(dockerfile('sandbox/Dockerfile').user()).toBe('node');
  });

  it('leave the working tree out of the build context', () => {
    const ignored = read('.dockerignore').split('\n');
    for (const entry of ['**/node_modules', '**/dist', '**/.data', '.git']) expect(ignored).toContain(entry);
  });
});
