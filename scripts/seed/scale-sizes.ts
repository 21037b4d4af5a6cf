/**
 * `--scale N` multiplies these (today's bench sizes) by N. Apart from the seeding code, so that
 * `npm run seed`'s usage errors load only this.
 */
export const scaleBase = {
  posts: 2_000,
  opportunities: 100_000,
  listings: 50_000,
  customers: 10_000,
  jobs: 50_000,
} as const;

export type ScaleKind = keyof typeof scaleBase;
export type ScaleSizes = Record<ScaleKind, number>;

export const SCALE_MIN = 1;
export const SCALE_MAX = 20;

/** The target sizes for a factor: the base sizes (or the given ones) times `scale`. */
export function scaleSizes(scale: number, base: ScaleSizes = scaleBase): ScaleSizes {
  return Object.fromEntries(Object.entries(base).map(([kind, size]) => [kind, size * scale])) as ScaleSizes;
}
