/**
 * @socket.io/redis-streams-adapter 0.3.1 sends its ephemeral messages (serverSideEmit: the cluster's presence reports,
 * every few seconds) with PUBLISH and drops the returned promise: when the Redis connection dies with one in flight
 * the rejection is unhandled, and Node ends the process. Measured: a node crashed with "read ECONNRESET" in about one
 * Redis restart in three under server/cluster/redis-restart.test.ts. Here the client's publish and sPublish mark their
 * promises handled (a lost presence report is repeated 5 s later anyway); callers that await them still see the error.
 *
 * And the adapter delivers a broadcast to this node's own sockets only after its XADD to the stream settles: while
 * Redis is down, node-redis holds the XADD in its offline queue until it reconnects, and every match on the node —
 * even one whose players are both here, even one against the computer — froze for the whole outage (15 s stopped,
 * 15.6–17.3 s frozen, in an attack run). So while the client is not ready, XADD and PUBLISH fail at once: the local
 * delivery goes ahead, and what other nodes missed is published again on reconnect (republish.ts).
 *
 * @example
 *   guardPublish(redis);
 *   io.adapter(createAdapter(redis, { … }));
 */
interface Publisher {
  readonly isReady: boolean;
  publish(...args: never[]): Promise<unknown>;
  sPublish?(...args: never[]): Promise<unknown>;
  xAdd?(...args: never[]): Promise<unknown>;
}

export function guardPublish<T extends object>(client: T): T {
  const target = client as unknown as Publisher;
  for (const name of ["publish", "sPublish", "xAdd"] as const) {
    const original = target[name];
    if (typeof original !== "function") continue;
    target[name] = ((...args: never[]) => {
      const sent = target.isReady ? original.apply(target, args) : Promise.reject(new Error(`redis is not connected: ${name} not sent`));
      sent.catch(() => {});
      return sent;
    }) as never;
  }
  return client;
}
