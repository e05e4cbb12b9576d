/// <reference lib="dom" />
import { startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { app } from './app.js';

// As the site's entry hydrates a server-rendered page (web/src/main.tsx): in a transition.
const root = document.getElementById('root')!;
startTransition(() => {
  hydrateRoot(root, app(root.dataset.art ?? ''));
});
