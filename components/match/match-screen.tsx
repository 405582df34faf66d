"use client";
/**
 * The match page: match facts (length, score, cube, Crawford), the two players around the board, what the match
 * waits for, the seat panel, the fair-dice panel and the log. Before the first snapshot it shows a skeleton board;
 * when the socket drops, a banner (the socket reconnects and watches again by itself); when the match cannot be
 * shown, a panel with a way back.
 *
 * @example
 *   <MatchProvider matchId={id} invite={invite} protocol={PROTOCOL_VERSION}><MatchScreen signedIn /></MatchProvider>
 */
import { Board } from "@/components/board/board";
import { FairnessPanel } from "@/components/fairness/fairness-panel";
import { describeState } from "@/lib/engine/match-queries";
import { initialPosition } from "@/lib/engine/position";
import type { Color } from "@/lib/engine/types";
import type { MatchView } from "@/lib/record/match-view";
import { describeTimeControl } from "@/lib/record/clock";
import { FlagWatch } from "./match-clock";
import { MatchLog } from "./match-log";
import { useMatch } from "./match-provider";
import { PlayArea } from "./play-area";
import { RematchPanel } from "./rematch-panel";
import { SeatPanel } from "./seat-panel";
import "@/components/ui/ui.css";
import "./match.css";

const FAILURE_TITLES: Record<string, string> = {
  ERR_NOT_FOUND: "This match does not exist, or it is private",
  ERR_PROTOCOL_VERSION: "This page is out of date",
};

/** What the match waits for, said to this viewer. */
function statusLine(view: MatchView, you: Color | null): string {
  const { state } = view;
  switch (view.status) {
    case "waiting":
      return "Waiting for an opponent to join.";
    case "seeding": {
      const missing = (["white", "black"] as const).filter((c) => view.clientSeeds[c] === null);
      if (you && missing.includes(you)) return "Choose your client seed and submit it to start.";
      return `Waiting for ${missing.join(" and ")}'s client seed.`;
    }
    case "finished":
    case "aborted":
      return view.ended?.detail ?? describeState(state);
    case "playing": {
      const sentence = describeState(state);
      if (you && state.turn === you) {
        if (state.phase === "turn-start") return "Your turn: roll" + (sentence.includes("double") ? " or double." : ".");
        if (state.phase === "moving") return `Your turn: play ${state.dice?.[0]}-${state.dice?.[1]}.`;
        if (state.phase === "double-offered") return `${sentence} Your decision.`;
        if (state.pendingResign) return `${sentence} Your decision.`;
      }
      return sentence;
    }
  }
}

function FailurePanel({ code, message }: { code: string; message: string }) {
  return (
    <section className="panel failure-panel" role="alert">
      <h1>{FAILURE_TITLES[code] ?? "This match cannot be shown"}</h1>
      <p>{message}</p>
      <p>
        <a href="/">Back to the lobby</a>
        {code === "ERR_PROTOCOL_VERSION" ? (
          <>
            {" · "}
            <a href="">Reload</a>
          </>
        ) : null}
      </p>
    </section>
  );
}

function Skeleton() {
  return (
    <div className="match-layout" aria-busy="true">
      <div className="match-main">
        <p className="status-line">Connecting to the match…</p>
        <div className="board-skeleton">
          <Board position={initialPosition("white")} viewer="white" dice={null} cube={{ value: 1, owner: null }} input={null} />
        </div>
      </div>
    </div>
  );
}

export function MatchScreen({ signedIn }: { signedIn: boolean }) {
  const view = useMatch((s) => s.view);
  const you = useMatch((s) => s.you);
  const connection = useMatch((s) => s.connection);
  const failure = useMatch((s) => s.failure);

  if (failure) return <FailurePanel code={failure.code} message={failure.message} />;
  const banner =
    connection === "offline" ? (
      <p className="connection-banner" role="status">
        Connection lost — reconnecting… Your match is safe on the server.
      </p>
    ) : null;
  if (!view) {
    return (
      <>
        {banner}
        <Skeleton />
      </>
    );
  }

  const { state } = view;

  return (
    <>
      {banner}
      <div className="match-layout">
        <div className="match-main">
          <div className="match-facts">
            <span>{view.matchLength}-point {view.rated ? "rated " : ""}match</span>
            <span data-testid="time-control">{view.timeControl ? `Clock: ${describeTimeControl(view.timeControl)}` : "Untimed"}</span>
            <span data-testid="score">
              Score: white {state.score.white} – black {state.score.black}
            </span>
            {state.crawford ? <span className="badge">Crawford game</span> : null}
            {state.cube.value > 1 ? <span>Cube {state.cube.value}</span> : null}
            {you === null ? <span className="badge">Spectating</span> : null}
          </div>
          <p className="status-line" role="status" data-testid="status-line">
            {statusLine(view, you)}
          </p>
          <PlayArea />
          <FlagWatch />
        </div>
        <aside className="match-side">
          <RematchPanel />
          <SeatPanel signedIn={signedIn} />
          <FairnessPanel />
          <MatchLog />
        </aside>
      </div>
    </>
  );
}
