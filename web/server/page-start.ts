import { createHash } from 'node:crypto';
import { HYDRATED_EVENT, HYDRATING_EVENT } from '../src/shared/page-events.js';
import { SESSION_TOKEN_KEY } from '../src/shared/session-token-key.js';

/** The id of the JSON element listing a server-rendered page's code: the entry first, then the chunks it imports. */
export const PAGE_CODE_ID = 'page-code';

/**
 * Starts a server-rendered page's code once the first screen's picture is on screen (docs/architecture.md#server-rendering):
 * the page arrives whole and its links work without code, so on a phone's shared link the picture gets the
 * bandwidth first, and the code (~190 kB) comes right after it.
 *
 * "On screen" is the browser's own word: its largest-paint entry for the first picture of <main>, after its first
 * contentful paint (a page without a picture starts at that paint). A frame being asked for is not enough, as a
 * browser may present it much later on a busy phone. Where the picture's entry never comes (a browser without
 * such entries, a picture smaller than the heading, one that failed) the code starts 300 ms after the first paint
 * and the picture's arrival. A tap or key press starts it at once, and nothing waits more than 3 s (a background
 * tab paints nothing).
 *
 * A signed-in tab (a token kept, the signed-in cookie lost) starts its code at once: the app renders its player's
 * page in place of this guest's one.
 *
 * A button tapped before the app can answer it (the login button, the menu) is not lost: the starter remembers the
 * last one and taps it again once the app has taken the page over; words typed in a field (the search box) reach
 * the app as typed once it has. Links need no help, and a form's submit button submits the form without the app.
 *
 * The app hydrates the page whole, with every record (they come last): on a streamed page whose slow parts are still
 * coming, the code is fetched as above but the entry runs only once the document has been read to its end.
 *
 * Inline, right after the root element, allowed by its hash in the site's policy (START_PAGE_CODE_SOURCE; a
 * streamed page's also carries the response's nonce): a file would be one more request before the first screen.
 */
export const START_PAGE_CODE = `(() => {
  let started = false;
  const add = (element) => document.head.append(element);
  const module = (href, preload) => {
    const element = document.createElement(preload ? 'link' : 'script');
    if (preload) element.rel = 'modulepreload';
    else element.type = 'module';
    element.crossOrigin = '';
    element[preload ? 'href' : 'src'] = href;
    return element;
  };
  // Each request costs the main thread most of a millisecond (four on a slow phone), so the ~20 are asked for a
  // few at a time, in tasks of their own, the entry first.
  const start = () => {
    if (started) return;
    started = true;
    const [entry, ...chunks] = JSON.parse(document.getElementById('${PAGE_CODE_ID}').textContent);
    if (document.readyState === 'loading') {
      add(module(entry, true));
      document.addEventListener('DOMContentLoaded', () => add(module(entry, false)), { once: true });
    } else add(module(entry, false));
    const next = () => {
      for (const href of chunks.splice(0, 4)) add(module(href, true));
      if (chunks.length) setTimeout(next);
    };
    next();
  };
  const picture = document.querySelector('main img:not([loading="lazy"])');
  const supported = PerformanceObserver.supportedEntryTypes || [];
  const whenPainted = (then) => {
    if (!supported.includes('paint')) return requestAnimationFrame(() => requestAnimationFrame(then));
    new PerformanceObserver((list, observer) => {
      if (!list.getEntries().some((paint) => paint.name === 'first-contentful-paint')) return;
      observer.disconnect();
      then();
    }).observe({ type: 'paint', buffered: true });
  };
  // A page in low-data mode (the footer's switch says so: docs/architecture.md#low-data-mode) reads and follows its
  // links without its code: the code (most of a first visit's bytes) waits for the player's first tap (a click: a
  // finger scrolling the page is not one) or key.
  const saving = document.querySelector('[data-low-data="on"]') !== null;
  if (!saving) whenPainted(() => {
    if (!picture) return setTimeout(start);
    if (supported.includes('largest-contentful-paint')) {
      new PerformanceObserver((list) => {
        if (list.getEntries().some((paint) => paint.element === picture)) setTimeout(start);
      }).observe({ type: 'largest-contentful-paint', buffered: true });
    }
    const arrived = () => setTimeout(start, 300);
    if (picture.complete) arrived();
    else {
      picture.addEventListener('load', arrived);
      picture.addEventListener('error', arrived);
    }
  });
  for (const type of saving ? ['click', 'keydown', 'input'] : ['pointerdown', 'keydown', 'focusin', 'input']) {
    addEventListener(type, start, { capture: true, passive: true });
  }
  if (!saving) setTimeout(start, 3000);
  try {
    if (localStorage.getItem('${SESSION_TOKEN_KEY}')) start();
  } catch {}
  let tapped = null;
  const remember = (event) => {
    const button = event.target.closest && event.target.closest('button');
    if (button && button.type !== 'submit') tapped = button;
  };
  addEventListener('click', remember, { capture: true });
  addEventListener('${HYDRATING_EVENT}', () => removeEventListener('click', remember, { capture: true }), { once: true });
  const answer = () => {
    if (tapped && tapped.isConnected) tapped.click();
    const field = document.activeElement;
    if (field && field.matches('input, textarea') && field.value !== field.defaultValue) {
      // React took the field over believing it holds the server's value: told so through its own setter, then
      // given the words typed since by the element's setter and an input event, it reads them as typed now.
      const typed = field.value;
      field.value = field.defaultValue;
      Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), 'value').set.call(field, typed);
      field.dispatchEvent(new Event('input', { bubbles: true }));
    }
  };
  addEventListener('${HYDRATED_EVENT}', answer, { once: true });
})();`;

/** The CSP source that lets START_PAGE_CODE run, and no other inline script. */
export const START_PAGE_CODE_SOURCE = `'sha256-${createHash('sha256').update(START_PAGE_CODE).digest('base64')}'`;
