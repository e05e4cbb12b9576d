/**
 * Makes the banner video the seed hands out (the mobile image of the banner whose image_mobile is an .mp4): the
 * banner's poster with gold coins falling and a light sweeping across, 4 seconds that loop seamlessly (every motion
 * completes a whole number of cycles), H.264 in MP4 with no sound track, about 100 kB.
 *
 * The file is committed under sandbox/assets at the banner's address; run this only to change it. It needs ffmpeg
 * (with libx264) on the PATH, which nothing else does:
 *
 *   npx tsx sandbox/scripts/make-banner-video.ts
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { seededRandom } from '../src/random.js';
import { hashString, posterSvg } from '../src/art/artwork.js';
import { BANNERS } from '../src/seed/catalogue-content.js';

const SIZE = 600;
const FPS = 25;
const SECONDS = 4;
const FRAMES = FPS * SECONDS;

const banner = BANNERS.find((b) => b.image_mobile.endsWith('.mp4'));
if (!banner) throw new Error('No seeded banner has an .mp4 mobile image.');
const out = fileURLToPath(new URL(`../assets${banner.image_mobile}`, import.meta.url));

interface Coin {
  x: number;
  size: number;
  /** Where in its fall the coin is at the loop's start (0 to 1). */
  phase: number;
  /** Whole falls and whole turns per loop, so the last frame leads back into the first. */
  falls: number;
  turns: number;
  turnPhase: number;
}

const rng = seededRandom(hashString(banner.title));
const coins: Coin[] = Array.from({ length: 14 }, (_, i) => ({
  x: ((i + 0.5) / 14) * SIZE + rng.int(-15, 15),
  size: rng.int(14, 30),
  phase: rng.next(),
  falls: rng.int(1, 2),
  turns: rng.int(1, 3),
  turnPhase: rng.next(),
}));

/** The frame at `t` (0 ≤ t < 1 of the loop) as an SVG. */
function frame(t: number): string {
  return posterSvg({ title: banner!.title, kicker: null, width: SIZE, height: SIZE }, SIZE, (accent) => {
    const falling = coins
      .map((c) => {
        const travel = SIZE + 4 * c.size;
        const y = ((c.phase + c.falls * t) % 1) * travel - 2 * c.size;
        // A turning coin: its face narrows to an edge and widens again.
        const face = Math.max(0.12, Math.abs(Math.cos(2 * Math.PI * (c.turns * t + c.turnPhase))));
        const rx = (c.size * face).toFixed(1);
        return (
          `<g transform="translate(${c.x.toFixed(1)} ${y.toFixed(1)})">` +
          `<ellipse rx="${rx}" ry="${c.size}" fill="${accent}" opacity="0.85"/>` +
          `<ellipse rx="${(c.size * face * 0.7).toFixed(1)}" ry="${(c.size * 0.7).toFixed(1)}" fill="none" stroke="#ffffff" stroke-width="2" opacity="0.6"/></g>`
        );
      })
      .join('');
    // A band of light crosses once in the first half of the loop and is off screen for the rest.
    const sweep = -SIZE + Math.min(1, t * 2) * SIZE * 2.5;
    return (
      falling +
      `<defs><linearGradient id="sweep" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#fff" stop-opacity="0"/>` +
      `<stop offset="0.5" stop-color="#fff" stop-opacity="0.22"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></linearGradient></defs>` +
      `<rect x="${sweep.toFixed(1)}" y="${-SIZE / 2}" width="${SIZE * 0.5}" height="${SIZE * 2}" fill="url(#sweep)" transform="rotate(20 ${SIZE / 2} ${SIZE / 2})"/>`
    );
  });
}

fs.mkdirSync(path.dirname(out), { recursive: true });
const ffmpeg = spawn(
  'ffmpeg',
  [
    ...[
      '-y',
      '-loglevel',
      'error',
      '-f',
      'rawvideo',
      '-pix_fmt',
      'rgb24',
      '-s',
      `${SIZE}x${SIZE}`,
      '-r',
      `${FPS}`,
    ],
    ...['-i', '-', '-an', '-c:v', 'libx264', '-profile:v', 'main', '-preset', 'veryslow', '-crf', '28'],
    ...['-pix_fmt', 'yuv420p', '-movflags', '+faststart', '-map_metadata', '-1', '-fflags', '+bitexact', out],
  ],
  { stdio: ['pipe', 'inherit', 'inherit'] },
);
const done = new Promise<void>((resolve, reject) => {
  ffmpeg.on('error', reject);
  ffmpeg.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`ffmpeg exited with ${code}`))));
});
for (let i = 0; i < FRAMES; i++) {
  const pixels = await sharp(Buffer.from(frame(i / FRAMES)))
    .removeAlpha()
    .raw()
    .toBuffer();
  if (!ffmpeg.stdin.write(pixels)) await new Promise((resolve) => ffmpeg.stdin.once('drain', resolve));
}
ffmpeg.stdin.end();
await done;
console.log(
  `${path.relative(process.cwd(), out)}: ${fs.statSync(out).size} bytes, ${FRAMES} frames at ${FPS} fps`,
);
