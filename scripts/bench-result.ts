/** What every benchmark script returns: one headline figure (a median) and the details behind it. */
export interface BenchResult {
  readonly name: string;
  readonly figure: number;
  readonly unit: string;
  readonly details: Record<string, number | string>;
}
