import type { Random } from '../random.js';
import type { Motif } from './palettes.js';

/**
 * The decorative shapes behind a title, one set per motif, drawn as SVG fragments on a width × height canvas in
 * the accent colour. Placement comes from the PRNG the caller seeds with the art's name, so the same art always
 * draws the same shapes and two games of one theme still differ.
 */

/** Coordinates to one decimal: enough for the eye, and a shorter SVG to parse. */
const n = (v: number) => Math.round(v * 10) / 10;

type Draw = (rng: Random, w: number, h: number, ink: string) => string;

const repeat = (count: number, one: (i: number) => string) =>
  Array.from({ length: count }, (_, i) => one(i)).join('');

const circle = (x: number, y: number, r: number, attrs: string) =>
  `<circle cx="${n(x)}" cy="${n(y)}" r="${n(r)}" ${attrs}/>`;

const polygon = (points: [number, number][], attrs: string) =>
  `<polygon points="${points.map(([x, y]) => `${n(x)},${n(y)}`).join(' ')}" ${attrs}/>`;

/** A shape at a random spot, size and tilt, drawn by `shape` around the origin. */
const scatter = (
  rng: Random,
  w: number,
  h: number,
  count: number,
  size: [number, number],
  shape: (s: number) => string,
) =>
  repeat(count, () => {
    const s = rng.int(size[0], size[1]);
    return `<g transform="translate(${n(rng.next() * w)} ${n(rng.next() * h)}) rotate(${rng.int(-40, 40)})">${shape(s)}</g>`;
  });

const DRAW: Record<Motif, Draw> = {
  pyramids: (rng, w, h, ink) => {
    const sun = circle(w * (0.15 + rng.next() * 0.7), h * 0.22, h * 0.12, `fill="${ink}" opacity="0.55"`);
    const pyramids = repeat(3, (i) => {
      const base = w * (0.18 + rng.next() * 0.25);
      const x = w * (i / 3) + rng.next() * w * 0.15;
      const top = h * (0.35 + rng.next() * 0.2);
      return polygon(
        [
          [x - base / 2, h],
          [x, top],
          [x + base / 2, h],
        ],
        `fill="${ink}" opacity="${0.25 + i * 0.1}"`,
      );
    });
    return sun + pyramids;
  },
  waves: (rng, w, h, ink) => {
    const waves = repeat(5, (i) => {
      const y = h * (0.3 + i * 0.16);
      const amp = h * (0.03 + rng.next() * 0.03);
      const len = w / rng.int(3, 5);
      let d = `M0 ${n(y)}`;
      for (let x = 0; x < w; x += len) d += ` q${n(len / 4)} ${n(-amp * 2)} ${n(len / 2)} 0 t${n(len / 2)} 0`;
      return `<path d="${d}" fill="none" stroke="${ink}" stroke-width="${n(h * 0.018)}" opacity="0.45"/>`;
    });
    const bubbles = repeat(10, () =>
      circle(
        rng.next() * w,
        rng.next() * h * 0.6,
        3 + rng.next() * 9,
        `fill="none" stroke="${ink}" stroke-width="2" opacity="0.5"`,
      ),
    );
    return waves + bubbles;
  },
  fruit: (rng, w, h, ink) =>
    scatter(
      rng,
      w,
      h,
      7,
      [14, 26],
      (s) =>
        `<path d="M${-s * 0.6} ${-s * 0.2} Q0 ${-s * 2.2} ${s * 0.6} ${-s * 0.2}" fill="none" stroke="${ink}" stroke-width="3" opacity="0.7"/>` +
        circle(-s * 0.6, 0, s * 0.7, `fill="${ink}" opacity="0.6"`) +
        circle(s * 0.6, 0, s * 0.7, `fill="${ink}" opacity="0.6"`),
    ),
  paws: (rng, w, h, ink) =>
    scatter(
      rng,
      w,
      h,
      8,
      [10, 18],
      (s) =>
        `<ellipse cx="0" cy="0" rx="${s}" ry="${n(s * 0.85)}" fill="${ink}" opacity="0.45"/>` +
        repeat(4, (i) =>
          circle(
            (i - 1.5) * s * 0.75,
            -s * (i === 0 || i === 3 ? 1.05 : 1.45),
            s * 0.36,
            `fill="${ink}" opacity="0.45"`,
          ),
        ),
    ),
  leaves: (rng, w, h, ink) =>
    scatter(
      rng,
      w,
      h,
      12,
      [18, 40],
      (s) =>
        `<path d="M0 ${-s} C${s * 0.7} ${-s * 0.4} ${s * 0.7} ${s * 0.4} 0 ${s} C${-s * 0.7} ${s * 0.4} ${-s * 0.7} ${-s * 0.4} 0 ${-s}Z" fill="${ink}" opacity="0.35"/>` +
        `<path d="M0 ${-s}V${s}" stroke="${ink}" stroke-width="1.5" opacity="0.5"/>`,
    ),
  stars: (rng, w, h, ink) => {
    const stars = repeat(40, () =>
      circle(
        rng.next() * w,
        rng.next() * h,
        0.6 + rng.next() * 2,
        `fill="${ink}" opacity="${n(0.4 + rng.next() * 0.6)}"`,
      ),
    );
    const px = w * (0.15 + rng.next() * 0.7);
    const r = h * (0.1 + rng.next() * 0.06);
    const planet =
      circle(px, h * 0.25, r, `fill="${ink}" opacity="0.5"`) +
      `<ellipse cx="${n(px)}" cy="${n(h * 0.25)}" rx="${n(r * 1.8)}" ry="${n(r * 0.45)}" fill="none" stroke="${ink}" stroke-width="3" opacity="0.6" transform="rotate(-15 ${n(px)} ${n(h * 0.25)})"/>`;
    return stars + planet;
  },
  lanterns: (rng, w, h, ink) => {
    const count = rng.int(4, 6);
    return repeat(count, (i) => {
      const x = (w / count) * (i + 0.5) + rng.int(-10, 10);
      const y = h * (0.12 + rng.next() * 0.25);
      const s = rng.int(14, 24);
      return (
        `<path d="M${n(x)} 0V${n(y - s)}" stroke="${ink}" stroke-width="1.5" opacity="0.5"/>` +
        `<rect x="${n(x - s * 0.8)}" y="${n(y - s)}" width="${n(s * 1.6)}" height="${n(s * 2)}" rx="${n(s * 0.7)}" fill="${ink}" opacity="0.45"/>`
      );
    });
  },
  swirls: (rng, w, h, ink) =>
    scatter(
      rng,
      w,
      h,
      7,
      [14, 28],
      (s) =>
        circle(0, 0, s, `fill="${ink}" opacity="0.4"`) +
        `<path d="M0 0 m${-s * 0.6} 0 a${s * 0.6} ${s * 0.6} 0 1 1 ${s * 1.2} 0 a${s * 0.4} ${s * 0.4} 0 1 1 ${-s * 0.8} 0" fill="none" stroke="#ffffff" stroke-width="3" opacity="0.6"/>` +
        `<path d="M0 ${s}V${s * 2.6}" stroke="${ink}" stroke-width="3" opacity="0.5"/>`,
    ),
  snow: (rng, w, h, ink) =>
    repeat(30, () =>
      circle(
        rng.next() * w,
        rng.next() * h,
        1.5 + rng.next() * 4,
        `fill="${ink}" opacity="${n(0.4 + rng.next() * 0.5)}"`,
      ),
    ) +
    scatter(rng, w, h, 4, [12, 20], (s) =>
      repeat(
        3,
        (i) =>
          `<path d="M${-s} 0H${s}" stroke="${ink}" stroke-width="2.5" opacity="0.6" transform="rotate(${i * 60})"/>`,
      ),
    ),
  gems: (rng, w, h, ink) =>
    scatter(
      rng,
      w,
      h,
      9,
      [12, 26],
      (s) =>
        polygon(
          [
            [0, -s],
            [s * 0.8, -s * 0.3],
            [0, s],
            [-s * 0.8, -s * 0.3],
          ],
          `fill="${ink}" opacity="0.45"`,
        ) +
        `<path d="M${-s * 0.8} ${-s * 0.3}H${s * 0.8}" stroke="#ffffff" stroke-width="1.5" opacity="0.6"/>`,
    ),
  moon: (rng, w, h, ink) => {
    const x = w * (0.15 + rng.next() * 0.7);
    const r = h * 0.16;
    const moon = circle(x, h * 0.26, r, `fill="${ink}" opacity="0.7"`);
    const bats = scatter(
      rng,
      w,
      h * 0.6,
      5,
      [8, 14],
      (s) =>
        `<path d="M0 0 Q${-s} ${-s} ${-s * 2} ${-s * 0.2} Q${-s} ${-s * 0.2} 0 ${s * 0.4} Q${s} ${-s * 0.2} ${s * 2} ${-s * 0.2} Q${s} ${-s} 0 0Z" fill="#000000" opacity="0.45"/>`,
    );
    return moon + bats;
  },
  rainbow: (rng, w, h, ink) => {
    const cx = w * (0.3 + rng.next() * 0.4);
    const arcs = repeat(4, (i) => {
      const r = h * (0.55 - i * 0.08);
      return `<path d="M${n(cx - r)} ${n(h * 0.75)} A${n(r)} ${n(r)} 0 0 1 ${n(cx + r)} ${n(h * 0.75)}" fill="none" stroke="${ink}" stroke-width="${n(h * 0.04)}" opacity="${0.2 + i * 0.1}"/>`;
    });
    const clovers = scatter(rng, w, h, 5, [7, 12], (s) =>
      repeat(3, (i) =>
        circle(
          Math.cos((i * 2 * Math.PI) / 3) * s,
          Math.sin((i * 2 * Math.PI) / 3) * s,
          s,
          `fill="${ink}" opacity="0.35"`,
        ),
      ),
    );
    return arcs + clovers;
  },
  bolts: (rng, w, h, ink) =>
    scatter(rng, w, h * 0.7, 4, [20, 34], (s) =>
      polygon(
        [
          [s * 0.2, -s * 1.4],
          [-s * 0.6, s * 0.1],
          [0, s * 0.1],
          [-s * 0.3, s * 1.4],
          [s * 0.6, -s * 0.2],
          [0, -s * 0.2],
        ],
        `fill="${ink}" opacity="0.55"`,
      ),
    ) +
    repeat(
      3,
      (i) =>
        `<rect x="${n(w * (0.1 + i * 0.35))}" y="${n(h * 0.45)}" width="${n(w * 0.06)}" height="${n(h * 0.55)}" fill="${ink}" opacity="0.15"/>`,
    ),
  balls: (rng, w, h, ink) =>
    `<rect x="${n(w * 0.05)}" y="${n(h * 0.05)}" width="${n(w * 0.9)}" height="${n(h * 0.9)}" fill="none" stroke="${ink}" stroke-width="2" opacity="0.3"/>` +
    `<path d="M${n(w / 2)} ${n(h * 0.05)}V${n(h * 0.95)}" stroke="${ink}" stroke-width="2" opacity="0.3"/>` +
    circle(w / 2, h / 2, h * 0.15, `fill="none" stroke="${ink}" stroke-width="2" opacity="0.3"`) +
    scatter(
      rng,
      w,
      h,
      3,
      [16, 26],
      (s) =>
        circle(0, 0, s, `fill="${ink}" opacity="0.55"`) +
        polygon(
          Array.from({ length: 5 }, (_, i): [number, number] => {
            const a = (i * 2 * Math.PI) / 5 - Math.PI / 2;
            return [Math.cos(a) * s * 0.4, Math.sin(a) * s * 0.4];
          }),
          'fill="#000000" opacity="0.5"',
        ),
    ),
  sunburst: (rng, w, h, ink) => {
    const cx = w * (0.2 + rng.next() * 0.6);
    const cy = h * 0.85;
    const rays = repeat(12, (i) => {
      const a0 = Math.PI + (i / 12) * Math.PI;
      const a1 = a0 + Math.PI / 24;
      const r = w * 1.2;
      return polygon(
        [
          [cx, cy],
          [cx + Math.cos(a0) * r, cy + Math.sin(a0) * r],
          [cx + Math.cos(a1) * r, cy + Math.sin(a1) * r],
        ],
        `fill="${ink}" opacity="0.18"`,
      );
    });
    return rays + circle(cx, cy, h * 0.18, `fill="${ink}" opacity="0.5"`);
  },
  wheel: (rng, w, h, ink) => {
    const cx = w * (rng.chance(0.5) ? 0.82 : 0.18);
    const cy = h * 0.3;
    const r = h * 0.42;
    const pockets = repeat(18, (i) => {
      const a0 = (i / 18) * 2 * Math.PI;
      const a1 = ((i + 1) / 18) * 2 * Math.PI;
      return polygon(
        [
          [cx, cy],
          [cx + Math.cos(a0) * r, cy + Math.sin(a0) * r],
          [cx + Math.cos(a1) * r, cy + Math.sin(a1) * r],
        ],
        `fill="${i % 2 ? '#000000' : ink}" opacity="0.3"`,
      );
    });
    return (
      pockets +
      circle(cx, cy, r, `fill="none" stroke="${ink}" stroke-width="4" opacity="0.6"`) +
      circle(cx, cy, r * 0.45, `fill="${ink}" opacity="0.35"`)
    );
  },
  cards: (rng, w, h, ink) =>
    scatter(rng, w, h * 0.7, 4, [26, 36], (s) => {
      const suit = ['♠', '♥', '♦', '♣'][rng.int(0, 3)]!;
      const red = suit === '♥' || suit === '♦';
      return (
        `<rect x="${-s * 0.7}" y="${-s}" width="${s * 1.4}" height="${s * 2}" rx="${s * 0.15}" fill="#ffffff" stroke="${ink}" stroke-width="2" opacity="0.8"/>` +
        `<text x="0" y="${s * 0.35}" font-size="${s}" text-anchor="middle" fill="${red ? '#c62828' : '#111111'}">${suit}</text>`
      );
    }),
  dice: (rng, w, h, ink) =>
    scatter(rng, w, h * 0.7, 3, [18, 28], (s) => {
      const face = rng.int(1, 6);
      const pips: [number, number][] = (
        [
          [[0, 0]],
          [
            [-1, -1],
            [1, 1],
          ],
          [
            [-1, -1],
            [0, 0],
            [1, 1],
          ],
          [
            [-1, -1],
            [1, -1],
            [-1, 1],
            [1, 1],
          ],
          [
            [-1, -1],
            [1, -1],
            [0, 0],
            [-1, 1],
            [1, 1],
          ],
          [
            [-1, -1],
            [1, -1],
            [-1, 0],
            [1, 0],
            [-1, 1],
            [1, 1],
          ],
        ] as [number, number][][]
      )[face - 1]!;
      return (
        `<rect x="${-s}" y="${-s}" width="${s * 2}" height="${s * 2}" rx="${s * 0.3}" fill="${ink}" opacity="0.85"/>` +
        pips.map(([x, y]) => circle(x * s * 0.5, y * s * 0.5, s * 0.18, 'fill="#b71c1c"')).join('')
      );
    }),
  bingo: (rng, w, h, ink) =>
    scatter(
      rng,
      w,
      h * 0.75,
      6,
      [14, 22],
      (s) =>
        circle(0, 0, s, `fill="${ink}" opacity="0.75"`) +
        circle(0, 0, s * 0.62, 'fill="#ffffff"') +
        `<text x="0" y="${n(s * 0.28)}" font-size="${n(s * 0.8)}" font-weight="700" text-anchor="middle" fill="#222222">${rng.int(1, 90)}</text>`,
    ),
  coins: (rng, w, h, ink) =>
    scatter(
      rng,
      w,
      h,
      9,
      [12, 26],
      (s) =>
        `<ellipse cx="0" cy="0" rx="${s}" ry="${n(s * (0.55 + rng.next() * 0.45))}" fill="${ink}" opacity="0.6"/>` +
        `<ellipse cx="0" cy="0" rx="${n(s * 0.7)}" ry="${n(s * 0.35)}" fill="none" stroke="#ffffff" stroke-width="2" opacity="0.5"/>`,
    ),
  confetti: (rng, w, h, ink) =>
    scatter(
      rng,
      w,
      h,
      30,
      [4, 10],
      (s) =>
        `<rect x="${-s}" y="${-s / 3}" width="${s * 2}" height="${n(s / 1.5)}" fill="${rng.chance(0.5) ? ink : '#ffffff'}" opacity="0.7"/>`,
    ),
};

export function drawMotif(motif: Motif, rng: Random, width: number, height: number, ink: string): string {
  return DRAW[motif](rng, width, height, ink);
}
