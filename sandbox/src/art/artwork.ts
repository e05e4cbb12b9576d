import { seededRandom, type Random } from '../random.js';
import { drawMotif } from './motifs.js';
import { gameLook, titleLook, type Look, type Palette } from './palettes.js';
import { ART_FONT, fitText, xmlEscape, type TextBox } from './text.js';

/**
 * Generated artwork, as SVG documents: a game's tile (its name, its provider and its theme's colours and motif)
 * and a poster for banners, promotions, news and tournaments (a title on a themed background). Everything drawn
 * comes from the text given and a hash of it, never from time or chance, so an address always shows the same art.
 */

export interface GameArt {
  name: string;
  /** The provider's shortname, shown at the foot of the tile. */
  provider: string;
  category: string;
  themes: string[];
}

export interface PosterArt {
  title: string;
  /** A small label above the title ("Promotion", "Tournament"); none on banners. */
  kicker: string | null;
  /** Design size: every poster is laid out at this size and scaled to the width asked for. */
  width: number;
  height: number;
}

/** The game tile's design size (4:3); smaller tiles are the same drawing scaled down. */
export const TILE = { width: 400, height: 300 } as const;

/** A stable 32-bit FNV-1a hash: the same name picks the same variant on every machine and every run. */
export function hashString(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return hash;
}

export function gameTileSvg(game: GameArt, outWidth: number): string {
  const { width: w, height: h } = TILE;
  const rng = seededRandom(hashString(`${game.name}|${game.category}`));
  const look = gameLook(game.themes, game.category);
  const title = fitText(game.name, {
    width: w - 48,
    height: 170,
    maxLines: 3,
    maxSize: 56,
    minSize: 22,
    lineHeight: 1.08,
  });
  const live = game.category.startsWith('live-');
  return svgDocument(
    w,
    h,
    outWidth,
    background(rng, look, w, h) +
      titleText(title, { x: w / 2, centreY: 168, anchor: 'middle', lineHeight: 1.08 }) +
      `<text x="${w / 2}" y="${h - 18}" font-size="17" font-weight="700" text-anchor="middle" fill="#ffffff" opacity="0.85" letter-spacing="0.5">${xmlEscape(game.provider)}</text>` +
      (live
        ? `<rect x="14" y="14" width="66" height="26" rx="13" fill="#e53935"/><circle cx="29" cy="27" r="4" fill="#ffffff"/>` +
          `<text x="56" y="33" font-size="15" font-weight="700" text-anchor="middle" fill="#ffffff">LIVE</text>`
        : ''),
  );
}

/**
 * A poster. `motif` replaces the look's still motif with the caller's own shapes, drawn in design units in the
 * accent colour (the banner video's falling coins, one frame at a time).
 */
export function posterSvg(art: PosterArt, outWidth: number, motif?: (accent: string) => string): string {
  const { width: w, height: h, title, kicker } = art;
  const rng = seededRandom(hashString(title));
  const look = titleLook(title);
  // Wide posters set the title to the left over a clear band; square and tall ones centre it.
  const wide = w / h >= 1.6;
  const margin = Math.round(h * 0.12);
  const box: TextBox = wide
    ? {
        width: w * 0.62,
        height: h * 0.62,
        maxLines: 3,
        maxSize: Math.round(h * 0.19),
        minSize: 24,
        lineHeight: 1.1,
      }
    : {
        width: w - 2 * margin,
        height: h * 0.55,
        maxLines: 4,
        maxSize: Math.round(w * 0.12),
        minSize: 24,
        lineHeight: 1.1,
      };
  const fitted = fitText(title, box);
  const x = wide ? margin : w / 2;
  const anchor = wide ? 'start' : 'middle';
  const centreY = wide ? h * 0.56 : h * 0.55;
  const blockTop = centreY - (fitted.lines.length * fitted.size * 1.1) / 2;
  const kickerSize = Math.round(h * (wide ? 0.055 : 0.04));
  return svgDocument(
    w,
    h,
    outWidth,
    background(rng, look, w, h, wide ? 'left' : 'bottom', motif) +
      (kicker
        ? `<text x="${x}" y="${Math.round(blockTop - kickerSize * 0.8)}" font-size="${kickerSize}" font-weight="700" text-anchor="${anchor}" fill="${look.palettes[0]!.accent}" letter-spacing="2">${xmlEscape(kicker.toUpperCase())}</text>`
        : '') +
      titleText(fitted, { x, centreY, anchor, lineHeight: 1.1 }) +
      `<text x="${wide ? w - margin : w / 2}" y="${h - Math.round(h * 0.06)}" font-size="${Math.round(h * 0.045)}" font-weight="700" text-anchor="${wide ? 'end' : 'middle'}" fill="#ffffff" opacity="0.8">PlayLive</text>`,
  );
}

/** The SVG root: laid out at the design size, rendered at outWidth (the height follows the aspect ratio). */
function svgDocument(w: number, h: number, outWidth: number, body: string): string {
  const outHeight = Math.round((outWidth * h) / w);
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${outWidth}" height="${outHeight}" viewBox="0 0 ${w} ${h}" ` +
    `font-family="${xmlEscape(ART_FONT)}">${body}</svg>`
  );
}

/**
 * The gradient, a faint pattern, the look's motif and a dark scrim where the text goes. The hash picks the
 * palette variant, the gradient's angle and the pattern, so two games of one theme are told apart at a glance.
 */
function background(
  rng: Random,
  look: Look,
  w: number,
  h: number,
  scrim: 'bottom' | 'left' = 'bottom',
  motif?: (accent: string) => string,
): string {
  const palette: Palette = rng.pick(look.palettes);
  const angle = rng.int(0, 23) * 15;
  // Motifs are drawn for a 300-unit-tall canvas, then scaled, so they keep their proportions on every format.
  const scale = h / TILE.height;
  const scrimGradient =
    scrim === 'bottom'
      ? '<linearGradient id="scrim" x1="0" y1="0" x2="0" y2="1"><stop offset="0.3" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.65"/></linearGradient>'
      : '<linearGradient id="scrim" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#000" stop-opacity="0.6"/><stop offset="0.75" stop-color="#000" stop-opacity="0"/></linearGradient>';
  return (
    `<defs><linearGradient id="bg" gradientTransform="rotate(${angle} 0.5 0.5)">` +
    `<stop offset="0" stop-color="${palette.from}"/><stop offset="1" stop-color="${palette.to}"/></linearGradient>` +
    `${scrimGradient}</defs>` +
    `<rect width="${w}" height="${h}" fill="url(#bg)"/>` +
    pattern(rng, w, h) +
    (motif
      ? motif(palette.accent)
      : `<g transform="scale(${Math.round(scale * 1000) / 1000})">${drawMotif(look.motif, rng, w / scale, TILE.height, palette.accent)}</g>`) +
    `<rect width="${w}" height="${h}" fill="url(#scrim)"/>`
  );
}

/** One of a few faint overlays (or none), for variety between tiles of the same look. */
function pattern(rng: Random, w: number, h: number): string {
  const kind = rng.int(0, 3);
  const step = rng.int(18, 30);
  const faint = 'stroke="#ffffff" stroke-opacity="0.08"';
  if (kind === 0) {
    let d = '';
    for (let x = -h; x < w; x += step) d += `M${x} ${h}L${x + h} 0`;
    return `<path d="${d}" ${faint} stroke-width="${Math.round(step / 3)}"/>`;
  }
  if (kind === 1) {
    return (
      `<pattern id="dots" width="${step}" height="${step}" patternUnits="userSpaceOnUse">` +
      `<circle cx="${step / 2}" cy="${step / 2}" r="2" fill="#ffffff" fill-opacity="0.1"/></pattern>` +
      `<rect width="${w}" height="${h}" fill="url(#dots)"/>`
    );
  }
  if (kind === 2) {
    const cx = rng.chance(0.5) ? 0 : w;
    let rings = '';
    for (let r = step; r < w * 1.2; r += step * 1.5) rings += `<circle cx="${cx}" cy="0" r="${r}"/>`;
    return `<g fill="none" ${faint} stroke-width="3">${rings}</g>`;
  }
  return '';
}

/** A fitted title as centred or left-aligned lines, white with a dark outline so it reads on any background. */
function titleText(
  fitted: { size: number; lines: string[] },
  at: { x: number; centreY: number; anchor: 'start' | 'middle'; lineHeight: number },
): string {
  const pitch = fitted.size * at.lineHeight;
  // The first baseline: the block centred on centreY, each line's capitals centred on its pitch (caps ≈ 0.72 em).
  const first = at.centreY - (pitch * (fitted.lines.length - 1)) / 2 + fitted.size * 0.36;
  const lines = fitted.lines
    .map(
      (line, i) =>
        `<text x="${at.x}" y="${Math.round((first + i * pitch) * 10) / 10}">${xmlEscape(line)}</text>`,
    )
    .join('');
  return (
    `<g font-size="${fitted.size}" font-weight="700" text-anchor="${at.anchor}" fill="#ffffff" ` +
    `stroke="#000000" stroke-opacity="0.45" stroke-width="${Math.max(2, Math.round(fitted.size / 9))}" ` +
    `stroke-linejoin="round" paint-order="stroke">${lines}</g>`
  );
}
