import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// relay-test-utils' mock environment calls jest.fn(): vitest's vi offers the same.
(globalThis as unknown as { jest: typeof vi }).jest = vi;

afterEach(() => cleanup());

// Screens and modals load their code lazily: on a busy machine that takes longer than the library's default second (the first lazy modal of a run is transformed then).
configure({ asyncUtilTimeout: 10_000 });

// jsdom has no matchMedia: every media query matches "no" (a desktop that has not asked for reduced motion).
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addEventListener: () => {},
      removeEventListener: () => {},
      addListener: () => {},
      removeListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}
