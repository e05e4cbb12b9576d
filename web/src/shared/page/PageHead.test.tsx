import { cleanup, render } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { Page } from './Page';
import { PageHead } from './PageHead';
import { SiteOriginContext } from './site-origin';
import { videoGameData } from './structured-data';

/*
 * What search engines and link previews read of a page (PageHead): React 19 moves the tags into the document's head;
 * each page has exactly one title, description and canonical link, on its public origin, kept as the page changes.
 */

const ORIGIN = 'https://playlive.example';

const head = () => ({
  titles: [...document.head.querySelectorAll('title')].map((t) => t.textContent),
  descriptions: [...document.head.querySelectorAll('meta[name="description"]')].map((m) =>
    m.getAttribute('content'),
  ),
  canonicals: [...document.head.querySelectorAll('link[rel="canonical"]')].map((l) => l.getAttribute('href')),
  og: Object.fromEntries(
    [...document.head.querySelectorAll('meta[property^="og:"]')].map((m) => [
      m.getAttribute('property'),
      m.getAttribute('content'),
    ]),
  ),
});

function renderAt(path: string, ui: React.ReactNode) {
  const tree = (node: React.ReactNode) => (
    <SiteOriginContext.Provider value={ORIGIN}>
      <MemoryRouter initialEntries={[path]}>{node}</MemoryRouter>
    </SiteOriginContext.Provider>
  );
  const result = render(tree(ui));
  return { ...result, rerender: (next: React.ReactNode) => result.rerender(tree(next)) };
}

afterEach(() => {
  cleanup();
  document.head.innerHTML = '';
});

const GAME = {
  name: 'Gates of <Olympus> & Co',
  code: 'gates-of-olympus',
  image: 'https://assets.example/games/gates.png',
  provider: { shortname: 'Pragmatic Play', product: 'pragmatic', description: null },
};

describe('a page’s head tags', () => {
  it('gives a game page one title, description and canonical, absolute Open Graph addresses and its JSON-LD', () => {
    const { container } = renderAt(
      '/game/gates-of-olympus?play=1',
      <Page
        title={GAME.name}
        head={{ description: 'Play it.', image: GAME.image, jsonLd: videoGameData(ORIGIN, GAME) }}
      />,
    );
    expect(head()).toEqual({
      titles: ['Gates of <Olympus> & Co · PlayLive Casino'],
      descriptions: ['Play it.'],
      canonicals: [`${ORIGIN}/game/gates-of-olympus`],
      og: {
        'og:title': GAME.name,
        'og:description': 'Play it.',
        'og:url': `${ORIGIN}/game/gates-of-olympus`,
        'og:type': 'website',
        'og:image': GAME.image,
        'og:site_name': 'PlayLive Casino',
      },
    });
    const script = container.querySelector('script[type="application/ld+json"]')!;
    // No text in the data can close the script element early.
    expect(script.innerHTML).not.toContain('<');
    expect(JSON.parse(script.innerHTML)).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'VideoGame',
      name: GAME.name,
      url: `${ORIGIN}/game/gates-of-olympus`,
      image: GAME.image,
      publisher: {
        '@type': 'Organization',
        name: 'Pragmatic Play',
        url: `${ORIGIN}/webplay/provider/pragmatic`,
      },
    });
  });

  it('replaces the shell’s title, keeps one of each as the page changes, and the site’s picture by default', () => {
    document.head.innerHTML = '<title data-shell>PlayLive Casino</title>';
    const { rerender, unmount } = renderAt('/news', <PageHead title="News" description="First." />);
    rerender(<PageHead title="News: Guides" description="Second." path="/news/category/guides" />);
    expect(head()).toMatchObject({
      titles: ['News: Guides · PlayLive Casino'],
      descriptions: ['Second.'],
      canonicals: [`${ORIGIN}/news/category/guides`],
      og: { 'og:image': `${ORIGIN}/og-image.png` },
    });
    expect(document.title).toBe('News: Guides · PlayLive Casino');
    unmount();
    expect(head()).toEqual({ titles: [], descriptions: [], canonicals: [], og: {} });
  });

  it('gives a private screen its title only, and never says the site’s name twice', () => {
    renderAt('/account/safer-gambling', <PageHead title="Safer gambling" />);
    expect(head()).toEqual({
      titles: ['Safer gambling · PlayLive Casino'],
      descriptions: [],
      canonicals: [],
      og: {},
    });
    cleanup();
    renderAt('/', <PageHead title="PlayLive Casino" description="Home." />);
    expect(document.title).toBe('PlayLive Casino');
  });

  it('cuts a long description at a word, under 160 characters', () => {
    const long = 'Spin the reels of a classic fruit machine with wilds and free spins. '.repeat(4);
    renderAt('/game/x', <PageHead title="X" description={long} />);
    const [description] = head().descriptions;
    expect(description!.length).toBeLessThanOrEqual(160);
    expect(description).toMatch(/\w…$/);
  });
});
