/// <reference lib="dom" />
import { createElement as h, Fragment, StrictMode, type ReactNode } from 'react';
import { hydrateMarked, useHydratedMark } from '../hydration-marks.js';
import { reactChildren } from './react-tree.js';

/*
 * Home's markup hydrated by React alone (./page.ts): the app's root element (web/src/main.tsx hydrates #root), read
 * into React elements first, then hydrated as the site hydrates it (in a transition, between the same marks).
 */
function Page({ children }: { children: ReactNode[] }) {
  useHydratedMark();
  return h(Fragment, null, ...children);
}

const root = document.getElementById('root')!;
const children = reactChildren(root);
void hydrateMarked(root, h(StrictMode, null, h(Page, { children })));
