import type { FastifyInstance } from 'fastify';
import type { SandboxContext } from '../context.js';

/*
 * Stand-ins for the outside services the site uses, so they are exercised for real without the network: a live
 * chat widget script, and an error collector. The site's settings point here (live_chat.script_url,
 * error_reporter.dsn).
 */

/** The most recent reports kept (enough for tests and a look by hand; the oldest go first). */
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

export function register(app: FastifyInstance, ctx: SandboxContext): void {
  const reports: { receivedAt: string; report: unknown }[] = [];

  app.get('/stand-ins/live-chat.js', async (_req, reply) => {
    reply.header('Content-Type', 'text/javascript; charset=utf-8');
    reply.header('Cache-Control', 'public, max-age=300');
    return LIVE_CHAT_SCRIPT;
  });

  // Browsers send reports with sendBeacon as text (no preflight; Fastify hands text bodies over as strings); any
  // origin may report, as with a real collector.
  app.post('/stand-ins/errors', { bodyLimit: MAX_REPORT_BYTES }, async (req, reply) => {
    let report: unknown = req.body;
    if (typeof report === 'string') {
      try {
        report = JSON.parse(report);
      } catch {
        return reply.status(400).send({ error: 'A report is a JSON object.' });
      }
    }
    if (typeof report !== 'object' || report === null || Array.isArray(report)) {
      return reply.status(400).send({ error: 'A report is a JSON object.' });
    }
    reports.push({ receivedAt: ctx.clock().toISOString(), report });
    if (reports.length > MAX_REPORTS) reports.shift();
    reply.header('Access-Control-Allow-Origin', '*');
    return reply.status(202).send({ received: true });
  });

  app.get('/stand-ins/errors', async () => ({ reports }));
}
