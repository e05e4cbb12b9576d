import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

/**
 * A floor's browser script (./stack-floor/client.ts, ./markup-floor/client.ts) as one file: React and React DOM's
 * production builds, minified, as a site ships them. The development build (not minified) is for the floors'
 * tests: only it reports a hydration that kept the server's nodes but differs in an attribute.
 */
export async function bundleFloorClient(
  entry: URL,
  mode: 'production' | 'development' = 'production',
): Promise<Uint8Array> {
  const bundle = await build({
    entryPoints: [fileURLToPath(entry)],
    bundle: true,
    minify: mode === 'production',
    format: 'esm',
    target: 'es2022',
    define: { 'process.env.NODE_ENV': JSON.stringify(mode) },
    write: false,
    logLevel: 'silent',
  });
  return bundle.outputFiles[0]!.contents;
}
