/** Tournaments' verifiable draws (docs/tournaments.md): the draw, knockout and Swiss pairings, and their verifier. */
export { canonicalEntrants, drawCommitment, drawOrder, entrantsDigest, isDrawSeed, DRAW_PROTOCOL } from "./draw";
export { bracketSize, bracketSlots, firstKnockoutRound, nextKnockoutRound, type Pairing } from "./knockout";
export { firstSwissRound, pairSwissRound, swissStandings, type PlayedRound, type Standing } from "./swiss";
export { simulateTournament, type TournamentPlan } from "./simulate";
export { verifyDraw, type DrawCheck, type DrawCheckId, type DrawRecord, type DrawReport, type TournamentFormat } from "./verify-draw";
