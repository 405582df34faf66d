/**
 * The Socket.IO baseline of the load benchmark: a bare server that acknowledges every "echo" with its payload — the
 * most a Socket.IO server on this machine answers, with no validation, rules or database. Started as a child process
 * by scripts/bench-load.ts; it reports its port over IPC.
 *
 * @example
 *   node --import tsx scripts/bench-load-echo-server.ts   # → process.send({ type: "ready", port })
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { Server } from "socket.io";

const http = createServer();
const io = new Server(http, { path: "/socket.io", serveClient: false });
io.on("connection", (socket) => {
  socket.on("echo", (payload: unknown, ack: unknown) => {
    if (typeof ack === "function") ack(payload);
  });
});
http.listen(0, "127.0.0.1", () => process.send?.({ type: "ready", port: (http.address() as AddressInfo).port }));
process.once("SIGTERM", () => void io.close().then(() => process.exit(0)));
process.once("disconnect", () => process.exit(0));
