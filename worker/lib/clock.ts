/** The one clock the worker reads; tests move it with `vi.spyOn(clock, 'now')`. */
export const clock = {
  now: (): Date => new Date(),
};

export const DAY_MS = 24 * 60 * 60 * 1000;
