// SPEC §9: a team or project without a poster of its own gets one of nine default posters (index 0-8), which
// TeamPoster draws.
export const POSTER_COUNT = 9;

export const isPosterIndex = (value: unknown): value is number =>
  Number.isInteger(value) && (value as number) >= 0 && (value as number) < POSTER_COUNT;

/** A random poster index. */
export const randomPoster = (random: () => number = Math.random): number =>
  Math.min(POSTER_COUNT - 1, Math.floor(random() * POSTER_COUNT));

/** The poster a record names, or a random default when it names none. */
export const posterOrDefault = (poster: unknown, random?: () => number): number =>
  isPosterIndex(poster) ? poster : randomPoster(random);
