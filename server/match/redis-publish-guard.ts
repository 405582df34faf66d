/**
 * @socket.io/redis-streams-adapter 0.3.1 sends its ephemeral messages (serverSideEmit: the cluster's presence reports,
 * every few seconds) with PUBLISH and drops the returned promise: when the Redis connection dies with one in flight
 * the rejection is unhandled, and Node ends the process. Measured: a node crashed with "read ECONNRESET" in about one
 * Redis restart in three under server/cluster/redis-restart.test.ts. Here the client's publish and sPublish mark their
 * promises handled (a lost presence report is repeated 5 s later anyway); callers that await them still see the error.
 *
 * @example
 *   guardPublish(redis);
 *   io.adapter(createAdapter(redis, { … }));
 */
interface Publisher {
  publish(...args: never[]): Promise<unknown>;
  sPublish?(...args: never[]): Promise<unknown>;
}

export function guardPublish<T extends object>(client: T): T {
  const target = client as unknown as Publisher;
  for (const name of ["publish", "sPublish"] as const) {
    const original = target[name];
    if (typeof original !== "function") continue;
    target[name] = ((...args: never[]) => {
      const sent = original.apply(target, args);
      sent.catch(() => {});
      return sent;
    }) as never;
  }
  return client;
}
