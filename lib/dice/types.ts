/**
 * Shapes of fair-dice-v1 (docs/fair-dice-v1.md, section 6): the audit bundle a server hands out for a match and the
 * verifier reads. Further fields may be present in a bundle; the verifier ignores what it does not know.
 */

export type SeatColor = "white" | "black";

export type RollKind = "opening" | "turn";

export interface BundleRoll {
  readonly nonce: number;
  readonly game: number;
  readonly kind: RollKind;
  /** Who rolled; null for an opening roll. */
  readonly player: SeatColor | null;
  readonly dice: readonly [number, number];
}

export interface AuditBundle {
  readonly protocol: "fair-dice-v1";
  readonly matchId: string;
  readonly commitment: string;
  /** null while the match is running. */
  readonly serverSeed: string | null;
  readonly clientSeeds: { readonly white: string; readonly black: string };
  readonly rolls: readonly BundleRoll[];
}
