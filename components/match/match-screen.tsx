"use client";
/**
 * The match page: match facts (length, score, cube, Crawford), the two players around the board, what the match
 * waits for, the moment a game or the match ends (its result, the ratings, the way to the review), the seat panel, the fair-dice panel, the player's play settings and the log; the turn notice (title,
 * tab icon, chime, notification) and the automatic roll and plays the settings ask for. Before the first snapshot it shows a skeleton board;
 * when the socket drops, a banner (the socket reconnects and watches again by itself); when the match cannot be
 * shown, a panel with a way back.
 *
 * @example
 *   <MatchProvider matchId={id} invite={invite} protocol={PROTOCOL_VERSION}><MatchScreen signedIn /></MatchProvider>
 */
import { lazy, Suspense } from "react";
import { Board } from "@/components/board/board";
import { initialPosition } from "@/lib/engine/position";
import { useTranslations } from "next-intl";
import { useErrorText } from "@/components/i18n/error-text";
import { FailurePanel } from "@/components/ui/failure-panel";
import { Announcer } from "./announcer";
import { AutomaticPlay } from "./automatic-play";
import { statusText } from "./status-text";
import { endedGame } from "@/lib/play/game-break";
import { FlagWatch } from "./match-clock";
import { timeControlText } from "./time-control-text";
import type { PageFailure } from "./match-store";
import { useMatchFields } from "./use-match-fields";
import { MatchSide } from "./match-side";
import { PlayArea } from "./play-area";
import { TurnNotice } from "./turn-notice";
import "@/components/ui/ui.css";

/**
 * What a match page needs only later — a game's break, the end's panel — comes in chunks of their own (so do the side
 * column's: match-side.tsx): the page's first load has a budget (e2e/match.spec.ts).
 */
const GameBreak = lazy(() => import("./game-break").then((module) => ({ default: module.GameBreak })));
const MatchEnd = lazy(() => import("./match-end").then((module) => ({ default: module.MatchEnd })));
import "./match.css";

/** The codes whose failure has a title of its own (`match.failure.<code>`); others get `match.failure.other`. */
const FAILURE_TITLED = new Set(["ERR_NOT_FOUND", "ERR_PROTOCOL_VERSION"]);

function MatchFailure({ code, values }: PageFailure) {
  const t = useTranslations("match");
  const errorText = useErrorText();
  return (
    <FailurePanel title={t(FAILURE_TITLED.has(code) ? `failure.${code}` : "failure.other")} text={errorText(code, values)} alert>
      <p>
        <a href="/">{t("backToLobby")}</a>
        {code === "ERR_PROTOCOL_VERSION" ? (
          <>
            {" · "}
            <a href="">{t("reload")}</a>
          </>
        ) : null}
      </p>
    </FailurePanel>
  );
}

function Skeleton() {
  const t = useTranslations("match");
  return (
    <div className="match-layout" aria-busy="true">
      <div className="match-main">
        <p className="status-line">{t("connecting")}</p>
        <div className="board-skeleton">
          <Board position={initialPosition("white")} viewer="white" dice={null} cube={{ value: 1, owner: null }} input={null} />
        </div>
      </div>
    </div>
  );
}

export function MatchScreen({ signedIn, viewerId = null }: { signedIn: boolean; viewerId?: string | null }) {
  const t = useTranslations("match");
  const tc = useTranslations("clock");
  const { view, you, connection, failure } = useMatchFields("view", "you", "connection", "failure");

  if (failure) return <MatchFailure code={failure.code} values={failure.values} />;
  const banner =
    connection === "offline" ? (
      <p className="connection-banner" role="status">
        {t("connectionLost")}
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
          <h1 className="visually-hidden">{t("heading", { white: view.players.white?.name ?? t("openSeatName"), black: view.players.black?.name ?? t("openSeatName") })}</h1>
          <div className="match-facts">
            <span>{t("length", { length: view.matchLength, rated: view.rated ? "yes" : "no" })}</span>
            <span data-testid="time-control">{view.timeControl ? t("clock", { control: timeControlText(tc, view.timeControl) }) : t("untimed")}</span>
            <span data-testid="score">{t("score", { white: state.score.white, black: state.score.black })}</span>
            {state.crawford ? <span className="badge">{t("crawford")}</span> : null}
            {state.cube.value > 1 ? <span>{t("cube", { value: state.cube.value })}</span> : null}
            {you === null ? <span className="badge">{t("spectating")}</span> : null}
          </div>
          <p className="status-line" role="status" data-testid="status-line">
            {statusText(t, view, you)}
          </p>
          <Announcer />
          {view.status === "finished" ? (
            <Suspense fallback={null}>
              <MatchEnd />
            </Suspense>
          ) : null}
          {endedGame(view) !== null ? (
            <Suspense fallback={null}>
              <GameBreak />
            </Suspense>
          ) : null}
          <PlayArea />
          <FlagWatch />
          <TurnNotice />
          <AutomaticPlay />
        </div>
        <MatchSide signedIn={signedIn} viewerId={viewerId} />
      </div>
    </>
  );
}
