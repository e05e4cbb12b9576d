import { createElement as h, StrictMode } from 'react';
import { useHydratedMark } from '../hydration-marks.js';

/*
 * The React floor's screen (./page.ts): the floor page's heading, line and game art as a React 19 component,
 * rendered by the bench's server and hydrated in the browser from the same module. Its effect marks the end of the
 * hydration, as the site's root does (../hydration-marks.ts); the server runs no effects.
 */
function Screen({ art }: { art: string }) {
  useHydratedMark();
  return h(
    'main',
    null,
    h('h1', null, 'PlayLive'),
    h('p', null, 'One game, hydrated by React.'),
    h('img', { src: art, width: 400, height: 300, alt: 'A game', fetchPriority: 'high' }),
  );
}

export const app = (art: string) => h(StrictMode, null, h(Screen, { art }));
