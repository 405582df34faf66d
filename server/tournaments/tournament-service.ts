/**
 * Tournaments on the command kernel: every change — a person's create, register or leave, a match made or ended, what
 * the clock finds due — is one `decideTournament` through the kernel's load → decide → append → publish → settle.
 * Each stored event goes to the tournament's room (`tournament:event`, every node), so its page follows it without
 * polling. The context is filled here: the time, the actor and their account kind, the draw seed (opened by the vault
 * only when the start is decided) and, for a match past its no-show time, whether its players sent their seeds.
 *
 * @example
 *   const tournaments = new TournamentService({ db, vault, matches, io, logger });
 *   await tournaments.command(id, { type: "register" }, participant); // { ok: true, view, events } | refusal
 */
import { randomBytes } from "node:crypto";
import type { Participant } from "@/lib/match";
import type { TournamentRequest } from "@/lib/tournament/creation";
import { lateMatches, type Seeded, type TournamentCommand, type TournamentContext, type TournamentRefusalCode } from "@/lib/tournament/decide";
import type { TournamentEvent, TournamentView } from "@/lib/tournament/tournament";
import type { Db } from "@/server/db/client";
import { Kernel, type KernelResult } from "@/server/kernel/kernel";
import { StreamStore } from "@/server/kernel/stream-store";
import type { Logger } from "@/server/log";
import type { MatchService } from "@/server/match/match-service";
import { rooms } from "@/server/socket/rooms";
import type { GameServer } from "@/server/socket/socket-types";
import type { SeedVault, StoredSeed } from "@/server/vault";
import { tournamentAggregate } from "./tournament-aggregate";
import { activeTournamentIds } from "./tournament-store";

export interface TournamentServiceOptions {
  readonly db: Db;
  readonly vault: SeedVault;
  readonly matches: MatchService;
  readonly io: GameServer | null;
  readonly logger: Logger;
  readonly now?: () => number;
}

export type TournamentKernel = Kernel<TournamentView, TournamentCommand, TournamentEvent, TournamentContext, TournamentRefusalCode>;

export class TournamentService {
  readonly kernel: TournamentKernel;
  readonly #options: TournamentServiceOptions;
  /** Sealed draw seeds of closed tournaments (read once each; a closed tournament starts soon, so few are kept). */
  readonly #sealedSeeds = new Map<string, StoredSeed>();

  constructor(options: TournamentServiceOptions) {
    this.#options = options;
    const { io } = options;
    this.kernel = new Kernel(tournamentAggregate, {
      store: new StreamStore(options.db),
      logger: options.logger,
      now: options.now,
      publish: (message) => io?.to(rooms.tournament(message.id)).emit("tournament:event", { tournamentId: message.id, version: message.version, event: message.event }),
    });
  }

  now(): number {
    return this.#options.now?.() ?? Date.now();
  }

  read(id: string): Promise<TournamentView | null> {
    return this.kernel.read(id);
  }

  /** Tournaments whose life is not over: the clock's and the reactions' work. */
  activeIds(): Promise<string[]> {
    return activeTournamentIds(this.#options.db);
  }

  /**
   * A new tournament: its draw seed drawn and sealed now, before anyone registers — the commitment is published in
   * its first event — and its row written with that event, in one transaction.
   */
  async create(request: TournamentRequest, actor: Participant, mayCreate: boolean): Promise<KernelResult<TournamentView, TournamentEvent, TournamentRefusalCode>> {
    const { vault } = this.#options;
    const id = `t${randomBytes(10).toString("hex")}`;
    const stored = vault.draw();
    const at = new Date(this.now());
    return this.kernel.command(id, { type: "create", request, commitment: stored.commitment, mayCreate }, () => this.#context(actor, null), async (tx, view) => {
      const { settings } = view;
      await tx.tournament.create({
        data: {
          id,
          name: settings.name,
          format: settings.format,
          matchLength: settings.matchLength,
          rated: settings.rated,
          maxPlayers: settings.maxPlayers,
          closesAt: new Date(settings.closesAt),
          startsAt: new Date(settings.startsAt),
          commitment: stored.commitment,
          sealedSeed: JSON.stringify(stored),
          version: 1,
          createdById: actor.player.id,
          createdAt: at,
        },
      });
    });
  }

  command(id: string, command: TournamentCommand, actor: Participant | null): Promise<KernelResult<TournamentView, TournamentEvent, TournamentRefusalCode>> {
    return this.kernel.command(id, command, (view) => this.#context(actor, view));
  }

  /** Stores what is due by itself now (the clock, and recovery). */
  settle(id: string): Promise<TournamentView | null> {
    return this.kernel.settle(id, (view) => this.#context(null, view));
  }

  async #context(actor: Participant | null, view: TournamentView | null): Promise<TournamentContext> {
    const now = this.now();
    const seeded = new Map<string, Seeded>();
    let sealed: StoredSeed | null = null;
    if (view) {
      for (const matchId of lateMatches(view, now)) {
        const seeds = await this.#options.matches.withMatch(matchId, (live) => live?.view.clientSeeds ?? null);
        if (seeds) seeded.set(matchId, { white: seeds.white !== null, black: seeds.black !== null });
      }
      if (view.status === "closed") sealed = await this.#sealedSeed(view.id);
    }
    return {
      now,
      actor: actor && { player: { id: actor.player.id, name: actor.player.name }, kind: actor.kind },
      drawSeed: () => {
        if (!sealed) throw new Error(`tournament ${view?.id ?? "?"}: no sealed draw seed`);
        return this.#options.vault.reveal(sealed);
      },
      seeded: (matchId) => seeded.get(matchId) ?? null,
    };
  }

  /** A tournament's sealed draw seed, read once: it never changes after the create, and only its start opens it. */
  async #sealedSeed(id: string): Promise<StoredSeed | null> {
    const cached = this.#sealedSeeds.get(id);
    if (cached) return cached;
    const row = await this.#options.db.prisma.tournament.findUnique({ where: { id }, select: { sealedSeed: true } });
    const sealed = row ? (JSON.parse(row.sealedSeed) as StoredSeed) : null;
    if (sealed && this.#sealedSeeds.size >= 1000) this.#sealedSeeds.clear();
    if (sealed) this.#sealedSeeds.set(id, sealed);
    return sealed;
  }
}
