import fs from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

/**
 * Server build only: the site's persisted operations (relay-compiler's file, web/src/__generated__, written by
 * `npm run relay` just before) go beside the server entry as dist/.server/persisted-operations.json. The site
 * server reads which ids are queries from it (web/server/safe-to-repeat.ts): a persisted query whose connection to
 * a gateway replica failed is sent to another, a mutation never. The build carries it so a deployed site (the web
 * image holds dist, not web/src) has the list of the very build it serves.
 */
export function serverOperations(): Plugin {
  let root = '';
  return {
    name: 'playlive:server-operations',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    generateBundle() {
      const file = path.join(root, 'src/__generated__/persisted-operations.json');
      if (!fs.existsSync(file)) this.error(`${file} is missing: run \`npm run relay -w web\` first.`);
      this.emitFile({ type: 'asset', fileName: 'persisted-operations.json', source: fs.readFileSync(file) });
    },
  };
}
