import path from 'node:path';
import type { Plugin } from 'vite';

/** The one module whose dynamic imports are routes' screens. */
const ROUTES = /[\\/]src[\\/]app[\\/]routes\.tsx$/;
const DYNAMIC_IMPORT = /\bimport\((['"])([^'"]+)\1\)/g;

/**
 * Server build only: each dynamic import in app/routes.tsx notes, when it loads, which route module it was (its
 * path from web/, the key of Vite's client manifest), so the site server can inline that screen's CSS and preload
 * its chunks (web/server/page-assets.ts; docs/architecture.md#server-rendering).
 */
export function routeModules(): Plugin {
  let root = '';
  return {
    name: 'playlive:route-modules',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    async transform(code, id, options) {
      if (!options?.ssr || !ROUTES.test(id)) return null;
      let out = code;
      for (const [call, , specifier] of code.matchAll(DYNAMIC_IMPORT)) {
        const resolved = await this.resolve(specifier!, id);
        if (!resolved) this.error(`app/routes.tsx imports ${specifier}, which does not resolve.`);
        const key = path.relative(root, resolved.id).split(path.sep).join('/');
        out = out.replace(call, `${call}.then(__routeModuleLoaded(${JSON.stringify(key)}))`);
      }
      return `import { routeModuleLoaded as __routeModuleLoaded } from '../shared/render-context';\n${out}`;
    },
  };
}
