import { encodePng, type Rgb } from './blog-png.ts';
import type { SeededRandom } from './random.ts';

// Calm brand-like colours; each cover blends two of them and adds an accent disc.
const PALETTE: Rgb[] = [
  [14, 116, 144], // teal
  [30, 58, 138], // navy
  [234, 88, 12], // orange
  [22, 163, 74], // green
  [202, 138, 4], // amber
  [190, 24, 93], // rose
  [79, 70, 229], // indigo
  [71, 85, 105], // slate
];

function mix(a: Rgb, b: Rgb, t: number): Rgb {
  return [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t, a[2] + (b[2] - a[2]) * t];
}

/**
 * A deterministic abstract cover (16:9): a diagonal two-colour gradient, a soft accent disc and a
 * darker band along the bottom. Everything comes from `random`, so a post's cover never changes.
 */
export function renderBlogCover(random: SeededRandom, width: number, height: number): Buffer {
  const [from, to, accent] = random.sample(PALETTE, 3) as [Rgb, Rgb, Rgb];
  const cx = random.int(Math.round(width * 0.55), Math.round(width * 0.85));
  const cy = random.int(Math.round(height * 0.2), Math.round(height * 0.5));
  const radius = random.int(Math.round(height * 0.15), Math.round(height * 0.3));
  const band = Math.round(height * (0.7 + random.next() * 0.1));
  return encodePng(width, height, (x, y) => {
    let colour = mix(from, to, (x / width + y / height) / 2);
    const distance = Math.hypot(x - cx, y - cy);
    if (distance < radius + 1) colour = mix(colour, accent, Math.min(1, radius + 1 - distance) * 0.85);
    if (y >= band) colour = mix(colour, [15, 23, 42], 0.35);
    return colour;
  });
}
