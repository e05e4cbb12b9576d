import type { FastifyInstance } from 'fastify';
import type { SandboxContext } from '../context.js';

/*
 * Fakes of the third-party services the site uses, so they are exercised for real without the network: a live
 * chat widget script, an error collector, and a tag manager that collects page views. The site's settings point
 * here (live_chat.script_url, error_reporter.dsn, tag_manager_url).
 */

/** The most recent reports and page views kept (enough for tests and a look by hand; the oldest go first). */
const MAX_REPORTS = 200;
/** A report bigger than this is not one a browser sends: refused. */
const MAX_REPORT_BYTES = 16 * 1024;

/**
 * A small chat widget: a floating button in a container with the id the real widget uses (so the site can hide it
 * during game play), and a panel that says support will answer. It reads its licence from window.__lc.
 */
const LIVE_CHAT_SCRIPT = `(() => {
  if (document.getElementById('chat-widget-container')) return;
  const license = (window.__lc && window.__lc.license) || 'unknown';
  const box = document.createElement('div');
  box.id = 'chat-widget-container';
  box.dataset.license = String(license);
  box.style.cssText = 'position:fixed;right:16px;bottom:16px;z-index:25;font:600 14px system-ui,sans-serif';
  const button = document.createElement('button');
  button.type = 'button';
  button.textContent = 'Chat with us';
  button.setAttribute('aria-expanded', 'false');
  button.style.cssText = 'min-height:44px;padding:0 18px;border:0;border-radius:999px;background:#1f8a5b;color:#fff;cursor:pointer;box-shadow:0 6px 18px rgb(0 0 0/.35)';
  const panel = document.createElement('div');
  panel.hidden = true;
  panel.setAttribute('role', 'status');
  panel.textContent = 'Support is online from 8am to 10pm. A consultant will answer here shortly.';
  panel.style.cssText = 'max-width:260px;margin-bottom:8px;padding:12px;border-radius:12px;background:#fff;color:#111';
  button.addEventListener('click', () => {
    panel.hidden = !panel.hidden;
    button.setAttribute('aria-expanded', String(!panel.hidden));
  });
  box.append(panel, button);
  document.body.append(box);
})();
`;

/**
 * A small tag manager, loaded as a real one is (<script src="...?id=<container>">): it reads the data layer the site
 * pushes to, the entries queued before it loaded and every later push, and sends each page view to its collector
 * beside the script (/third-party/page-views) with its container id.
 */
const TAG_MANAGER_SCRIPT = `(() => {
  const script = document.currentScript;
  if (!script || window.__tagManagerFake) return;
  window.__tagManagerFake = true;
  const source = new URL(script.src);
  const container = source.searchParams.get('id') || '';
  const collector = new URL('/third-party/page-views', source).href;
  const layer = (window.dataLayer = window.dataLayer || []);
  const read = (entry) => {
    if (!entry || entry.event !== 'page_view') return;
    navigator.sendBeacon(collector, JSON.stringify({ container, name: entry.page_name, path: entry.page_path }));
  };
  layer.forEach(read);
  const push = layer.push.bind(layer);
  layer.push = (...entries) => {
    entries.forEach(read);
    return push(...entries);
  };
})();
`;

/** A JSON object sent as a beacon (text) or as JSON; null when the body is neither. */
function jsonObject(body: unknown): Record<string, unknown> | null {
  let value = body;
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value);
    } catch {
      return null;
    }
  }
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : null;
}

/** Keeps the newest MAX_REPORTS entries. */
function keep<T>(list: T[], entry: T): void {
  list.push(entry);
  if (list.length > MAX_REPORTS) list.shift();
}

export function register(app: FastifyInstance, ctx: SandboxContext): void {
  const reports: { receivedAt: string; report: unknown }[] = [];
  const pageViews: { receivedAt: string; container: string; name: string; path: string }[] = [];

  const script = (path: string, text: string) =>
    app.get(path, async (_req, reply) => {
      reply.header('Content-Type', 'text/javascript; charset=utf-8');
      reply.header('Cache-Control', 'public, max-age=300');
      return text;
    });

  script('/third-party/live-chat.js', LIVE_CHAT_SCRIPT);

  // Browsers send reports with sendBeacon as text (no preflight; Fastify hands text bodies over as strings); any
  // origin may report, as with a real collector.
  app.post('/third-party/errors', { bodyLimit: MAX_REPORT_BYTES }, async (req, reply) => {
    const report = jsonObject(req.body);
    if (!report) return reply.status(400).send({ error: 'A report is a JSON object.' });
    keep(reports, { receivedAt: ctx.clock().toISOString(), report });
    reply.header('Access-Control-Allow-Origin', '*');
    return reply.status(202).send({ received: true });
  });

  app.get('/third-party/errors', async () => ({ reports }));

  script('/third-party/tag-manager.js', TAG_MANAGER_SCRIPT);

  app.post('/third-party/page-views', { bodyLimit: MAX_REPORT_BYTES }, async (req, reply) => {
    const view = jsonObject(req.body);
    const text = (key: string) => (typeof view?.[key] === 'string' ? (view[key] as string) : null);
    const [container, name, path] = [text('container'), text('name'), text('path')];
    if (container === null || name === null || path === null || !path.startsWith('/')) {
      return reply.status(400).send({
        error: 'A page view is a JSON object with a container, a name and a path (starting with /).',
      });
    }
    keep(pageViews, { receivedAt: ctx.clock().toISOString(), container, name, path });
    reply.header('Access-Control-Allow-Origin', '*');
    return reply.status(202).send({ received: true });
  });

  app.get('/third-party/page-views', async () => ({ pageViews }));
}
