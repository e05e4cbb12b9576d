import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { SandboxContext } from '../context.js';
import { formatRands } from '../domain/money.js';
import { isAllowedReturnUrl, returnOrigins } from '../domain/return-urls.js';
import { depositJson, findDeposit, paymentClosedReason, settleDeposit } from '../domain/wallet.js';
import { parse } from '../http/errors.js';
import { pageNonce, paymentPageHeaders } from '../http/page-headers.js';

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const Params = z.object({ paymentId: z.string().max(64) });

/** A page of the payment provider, with its security headers (its style runs by the nonce they name). */
function page(reply: FastifyReply, returnUrl: string | null, title: string, body: string): string {
  const nonce = pageNonce();
  reply.type('text/html; charset=utf-8');
  paymentPageHeaders(reply, nonce, returnUrl);
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${esc(title)}</title><style nonce="${nonce}">body{font-family:system-ui,sans-serif;max-width:480px;margin:40px auto;padding:0 16px}
button{font:inherit;padding:10px 18px;margin-right:8px;border-radius:6px}button:focus-visible{outline:3px solid #2563eb}</style>
</head><body><main>${body}</main></body></html>`;
}

/**
 * The sandbox's payment page, where a deposit's redirect lands: it confirms or fails the payment, then returns to
 * the deposit's returnUrl when one was given. JSON clients get JSON.
 */
export function register(app: FastifyInstance, ctx: SandboxContext): void {
  /**
   * The deposit's return address while it is on one of the site's origins, else null: POST /api/deposit refuses any
   * other, and one kept from before the list changed is not followed either. The page never redirects elsewhere.
   */
  const returnUrlOf = (row: { return_url: string | null }) =>
    row.return_url !== null && isAllowedReturnUrl(row.return_url, returnOrigins(ctx.config))
      ? row.return_url
      : null;

  app.get('/sandbox/pay/:paymentId', async (req, reply) => {
    const row = findDeposit(ctx.db, parse(Params, req.params).paymentId, ctx.clock());
    const amount = formatRands(row.amount_cents);
    const actions =
      row.status === 'pending'
        ? `<form method="post" action="/sandbox/pay/${esc(row.id)}/confirm"><button type="submit">Pay ${amount}</button></form>
           <form method="post" action="/sandbox/pay/${esc(row.id)}/fail"><button type="submit">Cancel payment</button></form>`
        : `<p role="status">${esc(paymentClosedReason(row)!)}</p>`;
    return page(
      reply,
      returnUrlOf(row),
      'Sandbox payment',
      `<h1>Sandbox payment</h1><p>${esc(row.gateway)} (${esc(row.provider)}): ${amount}</p>${actions}`,
    );
  });

  const settle = (outcome: 'complete' | 'failed') => async (req: FastifyRequest, reply: FastifyReply) => {
    const row = settleDeposit(ctx, parse(Params, req.params).paymentId, outcome);
    if (!(req.headers.accept ?? '').includes('text/html')) return depositJson(ctx, row);
    const returnUrl = returnUrlOf(row);
    if (returnUrl) {
      const url = new URL(returnUrl);
      url.searchParams.set('paymentId', row.id);
      url.searchParams.set('status', row.status);
      return reply.redirect(url.toString(), 303);
    }
    return page(
      reply,
      null,
      'Sandbox payment',
      `<h1>Payment ${row.status}</h1><p role="status">You can close this window.</p>`,
    );
  };
  app.post('/sandbox/pay/:paymentId/confirm', settle('complete'));
  app.post('/sandbox/pay/:paymentId/fail', settle('failed'));
}
