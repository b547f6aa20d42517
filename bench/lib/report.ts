/** One benchmark figure, printed as a JSON line so runs can be compared by a script. */
export interface Figure {
  bench: string;
  metric: string;
  value: number;
  unit: string;
  /** The same metric for the reference measured in the same run (or the budget, for sizes). */
  baseline: number;
  /** value / baseline. */
  ratio: number;
  note?: string;
}

export function figure(
  bench: string,
  metric: string,
  value: number,
  unit: string,
  baseline: number,
  note?: string,
): Figure {
  const round = (n: number) => Math.round(n * 1000) / 1000;
  const result: Figure = {
    bench,
    metric,
    value: round(value),
    unit,
    baseline: round(baseline),
    ratio: baseline === 0 ? 0 : round(value / baseline),
  };
  if (note) result.note = note;
  return result;
}

/** Every figure this process printed, for `--record` (bench/lib/record.ts). */
export const printed: Figure[] = [];

export function print(result: Figure): void {
  printed.push(result);
  console.log(JSON.stringify(result));
}
