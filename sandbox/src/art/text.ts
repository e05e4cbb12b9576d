/**
 * Fitting a title into a box for the generated artwork. SVG has no text wrapping (and the renderer ignores
 * textLength), so lines are measured here with the advance widths of DejaVu Sans Bold, the widest of the common
 * sans faces: text laid out for it also fits when the renderer falls back to a narrower face.
 */

/** The face the artwork asks for; the widths below are this face's, in ems. */
export const ART_FONT = "'DejaVu Sans', Verdana, 'Liberation Sans', Arial, sans-serif";

// Advance widths measured with the renderer at 100 px; laid out as a table (prettier would give each its line).
// prettier-ignore
const WIDTHS: Record<string, number> = {
  a: 0.67, b: 0.72, c: 0.59, d: 0.72, e: 0.68, f: 0.41, g: 0.72, h: 0.71, i: 0.34, j: 0.34, k: 0.67, l: 0.34,
  m: 1.04, n: 0.71, o: 0.69, p: 0.72, q: 0.72, r: 0.49, s: 0.6, t: 0.48, u: 0.71, v: 0.65, w: 0.92, x: 0.65,
  y: 0.65, z: 0.58, A: 0.77, B: 0.76, C: 0.73, D: 0.83, E: 0.68, F: 0.68, G: 0.82, H: 0.84, I: 0.37, J: 0.37,
  K: 0.77, L: 0.64, M: 1, N: 0.84, O: 0.85, P: 0.73, Q: 0.85, R: 0.77, S: 0.69, T: 0.71, U: 0.81, V: 0.77,
  W: 1.1, X: 0.77, Y: 0.72, Z: 0.73, ' ': 0.35, '.': 0.38, ',': 0.38, ':': 0.4, ';': 0.4, '!': 0.46, '?': 0.58,
  '&': 0.87, '%': 1, '+': 0.84, '-': 0.42, "'": 0.31, '’': 0.38, '(': 0.46, ')': 0.46, '/': 0.37, '…': 1,
};
const DIGIT = 0.7;
const OTHER = 0.8;

/** Width of `text` in ems of the artwork's face. */
export function emWidth(text: string): number {
  let width = 0;
  for (const ch of text) width += WIDTHS[ch] ?? (ch >= '0' && ch <= '9' ? DIGIT : OTHER);
  return width;
}

export interface TextBox {
  /** Widest a line may be, in pixels. */
  width: number;
  /** Tallest the block may be, in pixels (lines × size × lineHeight). */
  height: number;
  maxLines: number;
  maxSize: number;
  minSize: number;
  /** Line pitch as a multiple of the font size. */
  lineHeight: number;
}

export interface FittedText {
  size: number;
  lines: string[];
}

/**
 * The largest font size at which `text` wraps into the box, with its lines balanced (the longest line as short as
 * it can be, so "Thunder Rhino Bonanza Power Reels" does not leave "Reels" alone on the last line). At the smallest
 * size what still does not fit is cut with an ellipsis: a tile never shows text running off its edge.
 */
export function fitText(text: string, box: TextBox): FittedText {
  const words = text.trim().split(/\s+/).filter(Boolean);
  for (let size = box.maxSize; size >= box.minSize; size -= 2) {
    const maxEm = box.width / size;
    const lineCount = Math.min(box.maxLines, Math.floor(box.height / (size * box.lineHeight)));
    if (lineCount < 1) continue;
    const lines = balancedLines(words, maxEm, lineCount);
    if (lines) return { size, lines };
  }
  return { size: box.minSize, lines: truncatedLines(words, box.width / box.minSize, box.maxLines) };
}

/** Splits words into at most `count` lines no wider than maxEm, minimising the widest line; null if impossible. */
function balancedLines(words: string[], maxEm: number, count: number): string[] | null {
  if (words.some((w) => emWidth(w) > maxEm)) return null;
  const best: { lines: string[] | null; widest: number } = { lines: null, widest: Infinity };
  // Titles are a handful of words, so trying every split into 1..count lines is cheap (at most a few hundred).
  const split = (start: number, left: number, acc: string[]): void => {
    if (start === words.length) {
      const widest = Math.max(...acc.map(emWidth));
      if (widest <= maxEm && widest < best.widest - 1e-9) Object.assign(best, { lines: [...acc], widest });
      return;
    }
    if (left === 0) return;
    for (let end = start + 1; end <= words.length; end++) {
      const line = words.slice(start, end).join(' ');
      if (emWidth(line) > maxEm) break;
      acc.push(line);
      split(end, left - 1, acc);
      acc.pop();
    }
  };
  split(0, count, []);
  return best.lines;
}

/** Greedy lines at the smallest size, the last one (or an over-long word) cut to fit with an ellipsis. */
function truncatedLines(words: string[], maxEm: number, maxLines: number): string[] {
  const lines: string[] = [];
  let current = '';
  for (const word of words) {
    const candidate = current ? `${current} ${word}` : word;
    if (emWidth(candidate) <= maxEm || !current) current = candidate;
    else {
      lines.push(current);
      current = word;
    }
  }
  if (current) lines.push(current);
  const kept = lines.slice(0, maxLines);
  const cut = lines.length > maxLines;
  return kept.map((line, i) =>
    emWidth(line) > maxEm || (cut && i === kept.length - 1) ? ellipsis(line, maxEm) : line,
  );
}

function ellipsis(line: string, maxEm: number): string {
  let out = line;
  while (out.length > 1 && emWidth(`${out}…`) > maxEm) out = out.slice(0, -1).trimEnd();
  return `${out}…`;
}

/** Text as it may appear inside an SVG element or attribute. */
export function xmlEscape(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (ch) => `&${{ '&': 'amp', '<': 'lt', '>': 'gt', '"': 'quot', "'": 'apos' }[ch]};`,
  );
}
