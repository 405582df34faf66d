/** What the notices give the page (notices-provider.tsx): a type of its own, shared by the provider and its live part. */
import type { ChallengeView } from "@/lib/protocol/meet";
import type { NoticesState } from "./notices-state";

export interface NoticesValue {
  /** A registered player's page: the notices are live. */
  readonly enabled: boolean;
  readonly state: NoticesState;
  /** The clock the time left is shown by (ms), ticking while a challenge waits. */
  readonly now: number;
  readonly busy: boolean;
  readonly error: string | null;
  readonly answer: (challenge: ChallengeView, accept: boolean) => Promise<void>;
  readonly withdraw: (challenge: ChallengeView) => Promise<void>;
  /** This tab sent `challenge` (the lobby's form): it waits in the list, and its match opens here when accepted. */
  readonly noteSent: (challenge: ChallengeView) => void;
  /** The player is opening this match: its notice is done. */
  readonly opened: (matchId: string) => void;
}
