/// <reference lib="dom" />
import { hydrateMarked } from '../hydration-marks.js';
import { app } from './app.js';

// As the site's entry hydrates a server-rendered page (web/src/main.tsx): marked, in a transition.
const root = document.getElementById('root')!;
void hydrateMarked(root, app(root.dataset.art ?? ''));
