import fs from 'node:fs';
import path from 'node:path';

/** One module of Vite's client manifest (dist/.vite/manifest.json): its file, its static imports and its CSS. */
interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
}

export interface PageAssets {
  /** The CSS of the app's entry and of these route modules, inlined as one <style> (no render-blocking request). */
  styles: string;
  /** The CSS files inlined in `styles`, which the chunk loader would otherwise ask for again (see page-document.ts). */
  inlinedStyles: string[];
  /** The JavaScript files the route modules need that index.html does not already load, for modulepreload. */
  scripts: string[];
}

/** Vite's client manifest of a build (dist/.vite/manifest.json): which files each module needs. */
export function viteManifest(distDir: string): Record<string, ManifestChunk> {
  return JSON.parse(fs.readFileSync(path.join(distDir, '.vite', 'manifest.json'), 'utf8')) as Record<
    string,
    ManifestChunk
  >;
}

/**
 * The chunks the modules `keys` need, each once, what a chunk imports before the chunk itself: Vite's own order for
 * CSS, so the cascade is the one the client build's <link> elements give. `index.html` is the app's entry.
 */
export function chunkClosure(
  manifest: Record<string, ManifestChunk>,
  keys: readonly string[],
): ManifestChunk[] {
  const seen = new Set<string>();
  const order: ManifestChunk[] = [];
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (seen.has(key) || !chunk) return;
    seen.add(key);
    for (const imported of chunk.imports ?? []) visit(imported);
    order.push(chunk);
  };
  keys.forEach(visit);
  return order;
}

/**
 * What a server-rendered page needs from the client build (docs/architecture.md#server-rendering): the CSS of the
 * entry and of the screen's route modules (their key in Vite's manifest, as the server render reports them:
 * src/features/home/HomePage.tsx) and the chunks those modules import. Files are read once, at start, as the
 * static files are; the answer for a set of modules is kept (a site has a few dozen routes).
 */
export function pageAssets(distDir: string): (modules: readonly string[]) => PageAssets {
  const manifest = viteManifest(distDir);
  const css = new Map<string, string>();
  const cssOf = (file: string) => {
    let text = css.get(file);
    if (text === undefined) {
      text = fs.readFileSync(path.join(distDir, file), 'utf8');
      css.set(file, text);
    }
    return text;
  };

  const closure = (keys: readonly string[]) => chunkClosure(manifest, keys);

  const entry = closure(['index.html']);
  const entryFiles = new Set(entry.map((chunk) => chunk.file));
  const known = new Map<string, PageAssets>();

  return (modules) => {
    const id = [...modules].sort().join('\n');
    let assets = known.get(id);
    if (!assets) {
      const chunks = closure(['index.html', ...modules]);
      const cssFiles = [...new Set(chunks.flatMap((chunk) => chunk.css ?? []))];
      const styles = cssFiles.map(cssOf).join('\n');
      const scripts = chunks.map((chunk) => chunk.file).filter((file) => !entryFiles.has(file));
      assets = {
        styles,
        inlinedStyles: cssFiles.map((file) => `/${file}`),
        scripts: scripts.map((file) => `/${file}`),
      };
      known.set(id, assets);
    }
    return assets;
  };
}
