/// <reference lib="dom" />
import { createElement, Suspense, type ReactNode } from 'react';

/*
 * React elements equal to a server-rendered DOM, read from the DOM itself (./client.ts): tag names, attributes as
 * the props React renders them from, text nodes as strings. Hydrating them makes React check and adopt every node
 * as it does the app's, with no component of the app's and no handler: React's own cost for that markup.
 */

/** Attributes React spells otherwise than the DOM's lowercase names (the ones a page like the site's may carry). */
const PROP_NAMES: Record<string, string> = {
  class: 'className',
  for: 'htmlFor',
  tabindex: 'tabIndex',
  srcset: 'srcSet',
  fetchpriority: 'fetchPriority',
  crossorigin: 'crossOrigin',
  referrerpolicy: 'referrerPolicy',
  readonly: 'readOnly',
  maxlength: 'maxLength',
  minlength: 'minLength',
  autocomplete: 'autoComplete',
  autocapitalize: 'autoCapitalize',
  autofocus: 'autoFocus',
  enterkeyhint: 'enterKeyHint',
  inputmode: 'inputMode',
  spellcheck: 'spellCheck',
  contenteditable: 'contentEditable',
  accesskey: 'accessKey',
  colspan: 'colSpan',
  rowspan: 'rowSpan',
  datetime: 'dateTime',
  enctype: 'encType',
  novalidate: 'noValidate',
  formnovalidate: 'formNoValidate',
  allowfullscreen: 'allowFullScreen',
  autoplay: 'autoPlay',
  playsinline: 'playsInline',
  hreflang: 'hrefLang',
  srclang: 'srcLang',
  usemap: 'useMap',
  imagesrcset: 'imageSrcSet',
  imagesizes: 'imageSizes',
  popovertarget: 'popoverTarget',
  popovertargetaction: 'popoverTargetAction',
  itemprop: 'itemProp',
  itemscope: 'itemScope',
  itemtype: 'itemType',
  charset: 'charSet',
  'accept-charset': 'acceptCharset',
  'http-equiv': 'httpEquiv',
};

/** React's boolean attributes: rendered as `name=""` when true. */
const BOOLEANS = new Set([
  'allowFullScreen',
  'async',
  'autoFocus',
  'autoPlay',
  'controls',
  'default',
  'defer',
  'disabled',
  'formNoValidate',
  'hidden',
  'inert',
  'itemScope',
  'loop',
  'multiple',
  'muted',
  'noValidate',
  'open',
  'playsInline',
  'readOnly',
  'required',
  'reversed',
]);

const SVG = 'http://www.w3.org/2000/svg';

/** `stroke-width` → `strokeWidth`, `xlink:href` → `xlinkHref`. */
const camel = (name: string) => name.replace(/[-:]([a-z])/g, (_, letter: string) => letter.toUpperCase());

/**
 * A style attribute as React's style object: `background-color` → `backgroundColor`, `-webkit-x` → `WebkitX`,
 * `-ms-x` → `msX`, custom properties as they are; values as written (strings: React adds no unit to them).
 */
function styleObject(text: string): Record<string, string> {
  const style: Record<string, string> = {};
  // Declarations split at semicolons outside parentheses and quotes (a url() may hold one).
  for (const declaration of text.match(/(?:[^;("']|\([^)]*\)|"[^"]*"|'[^']*')+/g) ?? []) {
    const colon = declaration.indexOf(':');
    if (colon < 0) continue;
    const name = declaration.slice(0, colon).trim();
    const value = declaration.slice(colon + 1).trim();
    if (!name) continue;
    const key = name.startsWith('--') ? name : camel(name.replace(/^-ms-/, 'ms-'));
    style[key] = value;
  }
  return style;
}

/** The props React renders `element`'s attributes from. */
function propsOf(element: Element): Record<string, unknown> {
  const svg = element.namespaceURI === SVG;
  const tag = element.localName;
  const props: Record<string, unknown> = {};
  for (const name of element.getAttributeNames()) {
    const value = element.getAttribute(name)!;
    if (/^on/i.test(name))
      throw new Error(`<${tag} ${name}>: an inline handler is not something React renders`);
    if (name === 'style') {
      props.style = styleObject(value);
      continue;
    }
    // Uncontrolled fields: React renders their initial value and state from these.
    if (tag === 'input' && name === 'value') {
      props.defaultValue = value;
      continue;
    }
    if (tag === 'input' && name === 'checked') {
      props.defaultChecked = true;
      continue;
    }
    // React renders the selected option from its <select>'s value (below), not from the option.
    if (tag === 'option' && name === 'selected') continue;
    const key =
      name.startsWith('aria-') || name.startsWith('data-')
        ? name
        : (PROP_NAMES[name] ?? (svg && /[-:]/.test(name) ? camel(name) : name));
    // `hidden` may also be `until-found`.
    props[key] = BOOLEANS.has(key) && value === '' ? true : value;
  }
  if (tag === 'select') {
    const selected = [...(element as HTMLSelectElement).querySelectorAll('option[selected]')].map(
      (option) => (option as HTMLOptionElement).value,
    );
    if (selected.length) props.defaultValue = props.multiple ? selected : selected[0];
  }
  if (tag === 'textarea') props.defaultValue = element.textContent ?? '';
  return props;
}

/**
 * The children of `parent` as React children. React separates adjacent texts with an empty comment (`<!-- -->`),
 * which hydration steps over: the texts become separate strings. A completed Suspense boundary (`<!--$-->` …
 * `<!--/$-->`, as a streamed or deferred part leaves it once its content is in) is rebuilt as a Suspense element, so
 * React hydrates it as the app's own boundary (in a pass of its own). Any other comment marks a boundary this
 * reading does not rebuild (a pending or client-rendered one, an Activity), and an element it cannot stand for is
 * refused, so a floor that would not hydrate as the app does fails loudly.
 *
 * Read in slices of a few milliseconds, each its own task: read at once, home's ~450 elements took 10-50 ms at 1×
 * (the code still cold), a long task of the floor's own that the site does not have, which would read as
 * blocking time on the floor's row.
 */
export async function reactChildren(parent: Node, slice = slicer(4)): Promise<ReactNode[]> {
  // The innermost open boundary's children last.
  const open: ReactNode[][] = [[]];
  for (let node = parent.firstChild; node; node = node.nextSibling) {
    const children = open[open.length - 1]!;
    if (node.nodeType === Node.TEXT_NODE) children.push((node as Text).data);
    else if (node.nodeType === Node.COMMENT_NODE) {
      const data = (node as Comment).data;
      if (data === '$') open.push([]);
      else if (data === '/$' && open.length > 1) {
        const content = open.pop()!;
        open[open.length - 1]!.push(createElement(Suspense, { fallback: null }, ...content));
      } else if (data !== ' ') throw new Error(`a <!--${data}--> comment`);
    } else if (node.nodeType === Node.ELEMENT_NODE) {
      await slice();
      children.push(await reactElement(node as Element, slice));
    }
  }
  if (open.length > 1) throw new Error('a <!--$--> boundary left open');
  return open[0]!;
}

async function reactElement(element: Element, slice: () => Promise<void>): Promise<ReactNode> {
  const tag = element.localName;
  const props = propsOf(element);
  // A data block (a page's JSON-LD) is rendered by the app as inner HTML: React keeps its text as it is.
  if (tag === 'script' && /^application\/(ld\+)?json$/.test(String(props.type))) {
    return createElement(tag, { ...props, dangerouslySetInnerHTML: { __html: element.textContent ?? '' } });
  }
  if (['script', 'noscript', 'template'].includes(tag)) throw new Error(`a <${tag}> in the markup`);
  // A textarea's text is its default value (above).
  if (tag === 'textarea') return createElement(tag, props);
  return createElement(tag, props, ...(await reactChildren(element, slice)));
}

/** Resolves at once within a slice of `ms`, in a new task once the slice is spent. */
function slicer(ms: number): () => Promise<void> {
  let start = performance.now();
  return async () => {
    if (performance.now() - start < ms) return;
    await new Promise<void>((resolve) => setTimeout(resolve, 0));
    start = performance.now();
  };
}
