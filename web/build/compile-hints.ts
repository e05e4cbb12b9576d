import type { Plugin } from 'vite';

/** V8's explicit compile hint (Chrome 136 and later): compile every function of this file as it arrives. */
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n';

/**
 * Puts V8's compile hint at the top of each of the client's JavaScript files. Without it V8 compiles a function
 * only when it is first called, on the main thread: hydrating home compiled about 850 functions there (about 60 ms
 * at 1× on this machine, a quarter of the hydration's work at 4×). With it V8 compiles them on its background
 * threads while each file streams in, and the main thread only runs them: home's hydration window 74 → 32 ms at
 * 1×, the catalogue's 98 → 63 ms (medians of 6 alternating loads; docs/benchmarks.md#lighthouse). The price is
 * compiling the functions a page never calls too, off the main thread. Every file gets it: the first screen's
 * files run at once, and a later chunk (a modal, a screen) loads because it is about to run.
 */
export function compileHints(): Plugin {
  return {
    name: 'playlive:compile-hints',
    apply: 'build',
    enforce: 'post',
    generateBundle: {
      // After Vite's own additions to the top of a file (its preload map), so the hint stays the first line.
      order: 'post',
      handler(_options, bundle) {
        for (const file of Object.values(bundle)) {
          if (file.type !== 'chunk' || file.code.startsWith(COMPILE_HINT)) continue;
          file.code = COMPILE_HINT + file.code;
          // Its source map, when the build writes one, then starts a line later.
          const map = bundle[`${file.fileName}.map`];
          if (map?.type === 'asset') {
            const json = JSON.parse(
              typeof map.source === 'string' ? map.source : new TextDecoder().decode(map.source),
            ) as { mappings: string };
            map.source = JSON.stringify({ ...json, mappings: `;${json.mappings}` });
          }
        }
      },
    },
  };
}
