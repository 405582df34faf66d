/**
 * A bot that plays through the real socket protocol, like a browser would: it keeps a match view fed by events —
 * broadcast ones, and those in the answers to its own commands (protocol 3) — resyncing with a snapshot on a version
 * gap or a reconnect (lib/protocol's MatchSync, the browser's own sync); and when the match waits for it, it picks a
 * random legal action — random legal plays, random cube and resignation decisions. Used by the integration tests,
 * the crash test and the load benchmark.
 *
 * @example
 *   const bot = new BotClient({ url, cookie, seed: 1 });
 *   await bot.connect();
 *   const { matchId } = await bot.create({ matchLength: 5, color: "white", visibility: "public" });
 */
import { io, type Socket } from "socket.io-client";
import { gameChains, newChainTail, type GameChains } from "@/lib/dice/hash-chain";
import { newSalt } from "@/lib/dice/salt";
import { mayDouble } from "@/lib/engine/cube";
import { currentLegalPlays } from "@/lib/engine/match-queries";
import type { Color, LegalPlay } from "@/lib/engine/types";
import { PROTOCOL_VERSION, type Ack, type ClientToServerEvents, type CommandName, type CommandPayload, type CommandReplies, type MatchEventMessage, type MatchSnapshot, type ServerToClientEvents } from "@/lib/protocol";
import { MatchSync, type MatchSyncChange } from "@/lib/sync/match-sync";
import type { MatchView } from "@/lib/match";
import { contributionRequest, owedContributions, pendingTurnRoll, type OwedContribution } from "@/lib/match/contributions";
import { mulberry32 } from "./random";

export interface BotOptions {
  readonly url: string;
  /** The session cookie header ("next-auth.session-token=…"); none for an anonymous spectator. */
  readonly cookie?: string;
  readonly seed: number;
  /** Chances of the random decisions. */
  readonly doubleRate?: number;
  /** No double once the cube is at this value (default: none, as the rules allow). */
  readonly maxCube?: number;
  readonly dropRate?: number;
  readonly resignRate?: number;
  readonly acceptResignRate?: number;
  /** Wait before each action, ms (a human-like think time for the load benchmark). */
  readonly thinkMs?: () => number;
  /** Reconnect by itself after the server goes away (crash tests). */
  readonly reconnect?: boolean;
  /** Accept a server certificate no authority signed (a test balancer's self-signed one). Default: refuse it. */
  readonly acceptAnyCertificate?: boolean;
  /** Watch and play, or only watch. */
  readonly play?: boolean;
  /**
   * Send this player's salt for a fair-dice-v2 opening roll by itself, as a browser page does (default true, even when
   * `play` is false); false leaves it to the test.
   */
  readonly openingSalt?: boolean;
  /**
   * Where this bot keeps its salts ("matchId:nonce" → salt); bots that stand for tabs of one browser share one, as
   * the tabs share the page's local storage. Default: its own.
   */
  readonly salts?: Map<string, string>;
  /**
   * Makes this bot's salt for a roll instead of a fresh random one (kept and sent again like any salt): the tests of
   * a coalition that grinds salts with the game's seed. Default: a fresh random salt, as a browser makes.
   */
  readonly chooseSalt?: (view: MatchView) => string;
  /** Called when this bot sends an action, with the version its event will have if it is accepted. */
  readonly onActionSent?: (matchId: string, version: number) => void;
  /** Called with every `match:event` broadcast this bot receives (not the events in its own answers). */
  readonly onBroadcast?: (message: MatchEventMessage) => void;
  /** Called with every answer the server sends to this bot's commands (tests record what a client receives). */
  readonly onReply?: (command: CommandName, reply: unknown) => void;
  /**
   * Keep every event message received in `events` (the default; tests compare them) and every accepted command in
   * `accepted`. The load benchmark turns it off: a match's messages are tens of kilobytes per bot, and thousands of
   * bots holding them made the bot processes' garbage collection part of the latency.
   */
  readonly keepHistory?: boolean;
}

/** A command of this bot's own that the server accepted, and the version it produced. */
export interface AcceptedCommand {
  readonly command: CommandName;
  /** The version of the command's own event (the first its answer carries). */
  readonly version: number;
}

type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

export class BotClient {
  readonly socket: ClientSocket;
  readonly events: MatchEventMessage[] = [];
  you: Color | null = null;
  readonly errors: string[] = [];
  /** How many of its commands were answered ERR_UNAVAILABLE (a database outage) and sent again later. */
  unavailable = 0;
  /** This bot's own play commands that were accepted (seeds and lobby commands are not counted). */
  readonly accepted: AcceptedCommand[] = [];
  #actedAt = -1;
  readonly #sync: MatchSync;
  readonly #random: () => number;
  readonly #options: BotOptions;
  readonly #keepHistory: boolean;
  /** fair-dice-v2: the salt this bot made for each roll, by match and nonce, sent again for the same roll (as a browser does). */
  readonly #salts: Map<string, string>;
  /** The opening salt whose answer is awaited ("matchId:nonce"): not sent again while it is on its way. */
  #openingSaltInFlight: string | null = null;
  /** fair-dice-v3: this bot's chain tails ("matchId:game:chain" → tail), kept as a browser keeps them (kept-chains.ts). */
  readonly #tails = new Map<string, string>();
  /** Each game's chains, made from those tails once. */
  readonly #chains = new Map<string, GameChains>();
  /** fair-dice-v3: the contribution whose answer is awaited ("matchId:head:game" or "matchId:value:nonce"). */
  #contributionInFlight: string | null = null;
  #onUpdate: (() => void) | null = null;

  constructor(options: BotOptions) {
    this.#options = options;
    this.#keepHistory = options.keepHistory ?? true;
    this.#random = mulberry32(options.seed);
    this.#salts = options.salts ?? new Map();
    this.socket = io(options.url, {
      path: "/socket.io",
      transports: ["websocket"],
      auth: { protocol: PROTOCOL_VERSION },
      extraHeaders: options.cookie ? { cookie: options.cookie } : {},
      reconnection: options.reconnect ?? false,
      rejectUnauthorized: !(options.acceptAnyCertificate ?? false),
      reconnectionDelay: 100,
      reconnectionDelayMax: 500,
      autoConnect: false,
    });
    this.#sync = new MatchSync({
      fetchSnapshot: (matchId) => this.#fetchSnapshot(matchId),
      onChange: (change) => this.#onChange(change),
      isOnline: () => this.socket.connected,
    });
    this.socket.on("match:event", (message) => {
      this.#options.onBroadcast?.(message);
      this.#sync.receive(message);
    });
    this.socket.on("connect", () => {
      // A reconnect: whatever was in flight may or may not have been applied. Decide again from a fresh snapshot.
      this.#actedAt = -1;
      void this.resync();
    });
  }

  /** The match as this bot sees it: the last snapshot it adopted, with the events that followed applied. */
  get view(): MatchView | null {
    return this.#sync.view;
  }

  /** The legal plays for the dice in the current view (none unless someone is to move), as a browser derives them. */
  get legalPlays(): readonly LegalPlay[] {
    return this.view ? currentLegalPlays(this.view.state) : [];
  }

  connect(): Promise<void> {
    return new Promise((resolve, reject) => {
      this.socket.once("connect", () => resolve());
      this.socket.once("connect_error", (error) => reject(error));
      this.socket.connect();
    });
  }

  close(): void {
    this.socket.close();
  }

  /** Sends a command and waits for its answer (rejects only if the server never answers). */
  send<C extends CommandName>(command: C, payload: CommandPayload<C>, timeoutMs = 10_000): Promise<Ack<CommandReplies[C]>> {
    const emit = this.socket.timeout(timeoutMs).emit as unknown as (
      event: C,
      payload: CommandPayload<C>,
      ack: (error: Error | null, reply: Ack<CommandReplies[C]>) => void,
    ) => void;
    return new Promise((resolve, reject) => {
      emit.call(this.socket.timeout(timeoutMs), command, payload, (error, reply) => {
        if (error) return reject(error);
        this.#options.onReply?.(command, reply);
        // The events the command stored come with its answer, not as broadcasts to this socket.
        if (reply.ok && "events" in reply) for (const message of reply.events) this.#sync.receive(message);
        resolve(reply);
      });
    });
  }

  async create(payload: CommandPayload<"lobby:create">): Promise<{ matchId: string; inviteToken: string | null }> {
    const reply = await this.send("lobby:create", payload);
    if (!reply.ok) throw new Error(`create refused: ${reply.code} ${reply.message}`);
    this.#sync.adopt(reply.snapshot);
    return { matchId: reply.matchId, inviteToken: reply.inviteToken };
  }

  async join(matchId: string, inviteToken?: string): Promise<void> {
    const reply = await this.send("match:join", inviteToken ? { matchId, inviteToken } : { matchId });
    if (!reply.ok) throw new Error(`join refused: ${reply.code} ${reply.message}`);
    this.#sync.adopt(reply.snapshot);
  }

  async watch(matchId: string, inviteToken?: string): Promise<void> {
    this.#sync.follow(matchId);
    const reply = await this.send("match:watch", inviteToken ? { matchId, inviteToken } : { matchId });
    if (!reply.ok) throw new Error(`watch refused: ${reply.code} ${reply.message}`);
    this.#sync.adopt(reply.snapshot);
  }

  async submitSeed(clientSeed: string): Promise<void> {
    if (!this.view) throw new Error("no match");
    const reply = await this.send("match:seed", { matchId: this.view.matchId, clientSeed, commitment: this.view.commitment });
    if (!reply.ok) throw new Error(`seed refused: ${reply.code} ${reply.message}`);
  }

  /** Resolves when the match has ended (the reveal event has arrived). */
  finished(timeoutMs = 120_000): Promise<MatchView> {
    return this.until((view) => view.ended !== null, timeoutMs);
  }

  until(predicate: (view: MatchView) => boolean, timeoutMs = 60_000): Promise<MatchView> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.#onUpdate = null;
        reject(new Error(`bot ${this.#options.seed}: timed out at version ${this.view?.version} (${this.view?.state.phase}); errors: ${this.errors.join(" | ")}`));
      }, timeoutMs);
      const check = () => {
        if (this.view && predicate(this.view)) {
          clearTimeout(timer);
          this.#onUpdate = null;
          resolve(this.view);
        }
      };
      this.#onUpdate = check;
      check();
    });
  }

  /** Fetches a fresh snapshot (match:watch); asked again while one is on its way, it fetches once more after it. */
  resync(): Promise<void> {
    return this.#sync.resync();
  }

  async #fetchSnapshot(matchId: string): Promise<MatchSnapshot | null> {
    try {
      const reply = await this.send("match:watch", { matchId });
      if (reply.ok) return reply.snapshot;
      this.errors.push(`resync: ${reply.code}`);
    } catch (error) {
      // The server went away during the resync; the next "connect" resyncs again.
      this.errors.push(`resync: ${error instanceof Error ? error.message : String(error)}`);
    }
    return null;
  }

  #onChange(change: MatchSyncChange): void {
    if (change.kind === "snapshot") {
      if (change.before?.matchId !== change.snapshot.view.matchId) this.#actedAt = -1; // another match: its versions start again
      this.you = change.snapshot.you;
    } else if (this.#keepHistory) {
      this.events.push(change.message);
    }
    this.#changed();
  }

  #changed(): void {
    this.#onUpdate?.();
    // A fair-dice-v2 opening roll waits for both players' salts: a bot that does not play still sends its own, as a
    // browser page does by itself, so that a match gets past its opening as it would under fair-dice-v1.
    this.#maybeAct();
  }

  #owesOpeningSalt(view: MatchView, me: Color): boolean {
    if (view.diceProtocol !== "fair-dice-v2" || view.status !== "playing" || view.state.phase !== "opening") return false;
    if (this.#openingSaltInFlight === `${view.matchId}:${view.rolls.length}`) return false;
    const pending = view.pendingSalts;
    // Whose salt is in, not the salt: the server publishes none before the roll (lib/match/published.ts).
    return !(pending && pending.nonce === view.rolls.length && pending.from.includes(me));
  }

  /** fair-dice-v3: what the match waits for from this bot's browser now (a head or a value), unless it is on its way. */
  #owedContribution(view: MatchView, me: Color): OwedContribution | null {
    const owed = owedContributions(view).find((owing) => owing.color === me) ?? null;
    return owed && this.#contributionInFlight !== contributionKey(view.matchId, owed) ? owed : null;
  }

  /** This bot's chains for game `game` of `matchId`: a tail drawn once per chain and kept (the same values ever after). */
  chainsFor(matchId: string, game: number): GameChains {
    // Kept, like the tails: a chain is 1,024 hashes, and a game asks for one value per roll.
    const kept = this.#chains.get(`${matchId}:${game}`);
    if (kept) return kept;
    const chains = gameChains((chain) => {
      const key = `${matchId}:${game}:${chain}`;
      let tail = this.#tails.get(key);
      if (!tail) this.#tails.set(key, (tail = newChainTail()));
      return tail;
    });
    this.#chains.set(`${matchId}:${game}`, chains);
    return chains;
  }

  /** The command that sends `owed`: the game's head, or the next value (with the renewed chain's head when due). */
  #contributionCommand(view: MatchView, owed: OwedContribution): { command: CommandName; payload: object } {
    const { type, ...request } = contributionRequest(view, owed, this.chainsFor(view.matchId, view.state.gameNumber));
    return { command: type === "commit-chain" ? "match:chain" : "match:reveal", payload: { matchId: view.matchId, ...request } };
  }

  /** The roll request for the next nonce: with this bot's salt for it in a fair-dice-v2 match. */
  rollPayload(view: MatchView): CommandPayload<"match:roll"> {
    const base = { matchId: view.matchId, expectedVersion: view.version };
    if (view.diceProtocol === "fair-dice-v1") return base;
    const nonce = view.rolls.length;
    // An opening salt is pinned by its nonce, not the version: the opponent's salt may land first, and that is fine.
    const pinned = view.state.phase === "opening" ? { matchId: view.matchId } : base;
    const key = `${view.matchId}:${nonce}`;
    let salt = this.#salts.get(key);
    if (!salt) this.#salts.set(key, (salt = this.#options.chooseSalt?.(view) ?? newSalt()));
    return { ...pinned, salt, nonce };
  }

  /** The salts this bot sent for `matchId`, by nonce (what a browser keeps for its verifier panel). */
  saltsFor(matchId: string): ReadonlyMap<number, string> {
    const prefix = `${matchId}:`;
    return new Map([...this.#salts].filter(([key]) => key.startsWith(prefix)).map(([key, salt]) => [Number(key.slice(prefix.length)), salt]));
  }

  #maybeAct(): void {
    const view = this.view;
    if (!view || !this.you || view.status !== "playing" || this.#actedAt === view.version) return;
    // A browser's own contributions (a v2 opening salt; a v3 head or value) go by themselves, even from a bot that does not play.
    const salting = (this.#options.openingSalt ?? true) && (this.#owesOpeningSalt(view, this.you) || this.#owedContribution(view, this.you) !== null);
    if (!(this.#options.play ?? true) && !salting) return;
    const next = this.#chooseAction(view, this.you);
    if (!next) return;
    this.#actedAt = view.version;
    const act = () => {
      if (this.view?.version !== view.version) return;
      if (!this.socket.connected) {
        // Sent now, it would wait in the client's buffer; the reconnect decides again from a fresh snapshot.
        this.#actedAt = -1;
        return;
      }
      this.#options.onActionSent?.(view.matchId, view.version + 1);
      const salting = next.command === "match:roll" && view.diceProtocol === "fair-dice-v2" && view.state.phase === "opening" ? `${view.matchId}:${view.rolls.length}` : null;
      if (salting) this.#openingSaltInFlight = salting;
      const owed = this.you && (next.command === "match:chain" || next.command === "match:reveal") ? this.#owedContribution(view, this.you) : null;
      const contributing = owed ? contributionKey(view.matchId, owed) : null;
      if (contributing) this.#contributionInFlight = contributing;
      const landed = () => {
        if (salting && this.#openingSaltInFlight === salting) this.#openingSaltInFlight = null;
        if (contributing && this.#contributionInFlight === contributing) this.#contributionInFlight = null;
      };
      this.send(next.command, next.payload as never).then(
        (reply) => {
          landed();
          if (reply.ok) {
            // The command's own event is the first its answer carries (a settled pass or a game's seed may follow); a
            // salt sent again for a roll already made stores nothing.
            const own = (reply as { events?: readonly MatchEventMessage[] }).events?.[0];
            if (this.#keepHistory && own) this.accepted.push({ command: next.command, version: own.version });
            return;
          }
          // Our view is behind the server's (an event is on its way, or was missed): fetch a snapshot, as the
          // browser does (components/match/match-provider.tsx), then decide again.
          if (reply.code === "ERR_STALE_VERSION") {
            this.#actedAt = -1;
            void this.resync();
            return;
          }
          if (reply.code === "ERR_UNAVAILABLE") this.unavailable++;
          if (reply.code === "ERR_RATE_LIMITED" || reply.code === "ERR_CONFLICT" || reply.code === "ERR_UNAVAILABLE") {
            // Back off and decide again, as a client should.
            this.#retryLater();
            return;
          }
          this.errors.push(`${next.command}: ${reply.code} ${reply.message}`);
        },
        (error: unknown) => {
          landed();
          // No answer (the connection dropped or the server is gone): the command may or may not have been applied.
          // A reconnect resyncs and decides again; while still connected, look again a little later.
          this.errors.push(`${next.command}: ${error instanceof Error ? error.message : String(error)}`);
          this.#retryLater();
        },
      );
    };
    const think = this.#options.thinkMs?.() ?? 0;
    if (think > 0) setTimeout(act, think);
    else act();
  }

  #retryLater(): void {
    this.#actedAt = -1;
    setTimeout(() => {
      if (this.socket.connected) this.#maybeAct();
    }, 250);
  }

  #chooseAction(view: MatchView, me: Color): { command: CommandName; payload: object } | null {
    const { state, matchId, version } = view;
    const base = { matchId, expectedVersion: version };
    const r = this.#random;
    if (this.#owesOpeningSalt(view, me)) return (this.#options.openingSalt ?? true) ? { command: "match:roll", payload: this.rollPayload(view) } : null;
    const owed = this.#owedContribution(view, me);
    if (owed) return (this.#options.openingSalt ?? true) ? this.#contributionCommand(view, owed) : null;
    // fair-dice-v3: our roll's salt is in; the roll waits for the opponent's browser, not for us.
    if (pendingTurnRoll(view)) return null;
    if (state.pendingResign) {
      if (state.turn !== me) return null;
      return { command: r() < (this.#options.acceptResignRate ?? 0.5) ? "match:resign-accept" : "match:resign-decline", payload: base };
    }
    if (state.phase === "turn-start" && state.onRoll === me) {
      if (r() < (this.#options.resignRate ?? 0.01)) return { command: "match:resign", payload: { ...base, level: (1 + Math.floor(r() * 3)) as 1 | 2 | 3 } };
      const cubeRoom = state.cube.value < (this.#options.maxCube ?? Number.POSITIVE_INFINITY);
      // A dead cube is not offered (lib/engine/cube.ts): the server refuses that double, so the bot never sends it.
      if (mayDouble(state, me) && cubeRoom && r() < (this.#options.doubleRate ?? 0.1)) return { command: "match:double", payload: base };
      return { command: "match:roll", payload: this.rollPayload(view) };
    }
    if (state.phase === "double-offered" && state.turn === me) {
      return { command: r() < (this.#options.dropRate ?? 0.3) ? "match:drop" : "match:take", payload: base };
    }
    if (state.phase === "moving" && state.onRoll === me && this.legalPlays.length > 0) {
      const play = this.legalPlays[Math.floor(r() * this.legalPlays.length)];
      if (!play) return null;
      return { command: "match:move", payload: { ...base, moves: play.moves.map(({ from, to }) => ({ from, to })) } };
    }
    return null;
  }
}

/** The in-flight key of a contribution: its kind and what it is for. */
function contributionKey(matchId: string, owed: OwedContribution): string {
  return owed.kind === "head" ? `${matchId}:head:${owed.game}` : `${matchId}:value:${owed.nonce}`;
}
