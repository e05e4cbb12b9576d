import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox } from './harness.js';

let sandbox: Awaited<ReturnType<typeof startSandbox>>;

beforeAll(async () => {
  sandbox = await startSandbox();
});
afterAll(() => sandbox.close());

describe('the third-party services’ fakes', () => {
  it('points the site settings at them, as full addresses on the sandbox', async () => {
    const settings = (await (await fetch(`${sandbox.url}/api/settings`)).json()) as any;
    expect(settings.live_chat.script_url).toBe(`${sandbox.url}/third-party/live-chat.js`);
    expect(settings.error_reporter.dsn).toBe(`${sandbox.url}/third-party/errors`);
    expect(settings.tag_manager_url).toBe(`${sandbox.url}/third-party/tag-manager.js`);
  });

  it('serves a live chat script', async () => {
    const res = await fetch(`${sandbox.url}/third-party/live-chat.js`);
    expect(res.headers.get('content-type')).toMatch(/javascript/);
    expect(await res.text()).toContain('chat-widget-container');
  });

  it('collects error reports sent as a beacon (text) or JSON, and refuses what is not a report', async () => {
    const asText = await fetch(`${sandbox.url}/third-party/errors`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain;charset=UTF-8' },
      body: JSON.stringify({ message: 'boom', url: '/how-to' }),
    });
    expect(asText.status).toBe(202);
    const bad = await fetch(`${sandbox.url}/third-party/errors`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: 'not json',
    });
    expect(bad.status).toBe(400);
    const list = (await (await fetch(`${sandbox.url}/third-party/errors`)).json()) as any;
    expect(list.reports.map((r: any) => r.report.message)).toEqual(['boom']);
  });

  it('serves a tag manager script that reads the data layer', async () => {
    const res = await fetch(`${sandbox.url}/third-party/tag-manager.js`);
    expect(res.headers.get('content-type')).toMatch(/javascript/);
    expect(await res.text()).toContain('dataLayer');
  });

  it('collects page views sent as a beacon, and refuses what is not a page view', async () => {
    const send = (body: string) =>
      fetch(`${sandbox.url}/third-party/page-views`, {
        method: 'POST',
        headers: { 'content-type': 'text/plain;charset=UTF-8' },
        body,
      });
    expect((await send(JSON.stringify({ container: 'GTM-1', name: 'home', path: '/?x=1' }))).status).toBe(
      202,
    );
    for (const bad of ['not json', '[]', JSON.stringify({ container: 'GTM-1', name: 'home' })]) {
      const res = await send(bad);
      expect(res.status).toBe(400);
      expect(((await res.json()) as any).error).toMatch(/page view/);
    }
    const list = (await (await fetch(`${sandbox.url}/third-party/page-views`)).json()) as any;
    expect(list.pageViews).toEqual([
      { receivedAt: expect.any(String), container: 'GTM-1', name: 'home', path: '/?x=1' },
    ]);
  });
});
