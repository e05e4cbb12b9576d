import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Profiler } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { GameArt } from './GameArt';

/*
 * A game's art as a player sees it load: a shimmer until the picture arrives, the picture, or the game's name when
 * there is none. A screen holds dozens of them, arriving one by one: each arrival stops its own shimmer without
 * rendering the screen again (ui/useImageState.ts).
 */

afterEach(cleanup);

const art = (src: string | null) => {
  let renders = 0;
  const { container } = render(
    <Profiler id="art" onRender={() => renders++}>
      <GameArt src={src} name="Lucky Cleopatra" />
    </Profiler>,
  );
  return {
    box: container.firstElementChild as HTMLElement,
    image: () => container.querySelector('img'),
    renders: () => renders,
  };
};

describe('GameArt', () => {
  it('marks the picture loaded when it arrives, with no render of its own', () => {
    const { box, image, renders } = art('/images/games/pragmatic-lucky-cleopatra.webp');
    expect(box.dataset.state).toBe('loading');
    expect(image()!.hasAttribute('data-loaded')).toBe(false);
    const before = renders();
    fireEvent.load(image()!);
    expect(image()!.hasAttribute('data-loaded')).toBe(true);
    expect(renders()).toBe(before);
  });

  it("shows the game's name when the picture fails, or when there is none", () => {
    const failing = art('/images/games/missing.webp');
    fireEvent.error(failing.image()!);
    expect(failing.box.dataset.state).toBe('error');
    expect(failing.image()).toBeNull();
    expect(screen.getByText('Lucky Cleopatra')).toBeTruthy();
    cleanup();

    const none = art(null);
    expect(none.box.dataset.state).toBe('error');
    expect(screen.getByText('Lucky Cleopatra')).toBeTruthy();
  });
});
