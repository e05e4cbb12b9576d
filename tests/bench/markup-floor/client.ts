/// <reference lib="dom" />
import { createElement as h, Fragment, StrictMode, type ReactNode } from 'react';
import { hydrateMarked, useHydratedMark } from '../hydration-marks.js';
import { reactChildren } from './react-tree.js';

/*
 * A page's markup hydrated by React alone (./page.ts): the app's root element (web/src/main.tsx hydrates #root), read
 * into React elements first, then hydrated as the site hydrates it (in a transition, between the same marks).
 */
function Page({ children }: { children: ReactNode[] }) {
  useHydratedMark();
  return h(Fragment, null, ...children);
}

const root = document.getElementById('root')!;
// In tasks after the one that evaluates React's modules, which is long enough on its own.
await new Promise<void>((resolve) => setTimeout(resolve, 0));
// The elements are read from a copy of the markup in a document of their own (no picture loads there): reading the
// page's own nodes would make the JavaScript objects that stand for them before the hydration, which on the site
// the hydration makes itself, inside the window measured.
const copy = document.implementation.createHTMLDocument('').createElement('div');
copy.innerHTML = root.innerHTML;
const children = await reactChildren(copy);
await hydrateMarked(root, h(StrictMode, null, h(Page, { children })));
