// The drain of a server on SIGTERM, as load balancers expect (docs/operations.md, "Health checks
// and the drain"): every answer from the start of the drain carries `Connection: close`, so that
// each keep-alive connection ends after its answer; a connection idle for a while is closed; the
// requests in flight finish. A connection that just finished an answer or just opened is left a
// moment, since its client may be sending a request the server has not read yet, which closing
// it would reset.
import { Server as NetServer, type Socket } from 'node:net';
import type { Server, ServerResponse } from 'node:http';

/** How long a connection must have been idle before the drain closes it. */
const IDLE_CLOSE_AFTER_MS = 500;
/** How often the drain looks for idle connections. */
const SWEEP_EVERY_MS = 100;

/** The drain of one server. */
export interface Drain {
  /** From now on every answer closes its connection, and idle connections are closed. */
  begin(): void;
  /**
   * Stops accepting connections and resolves once every connection has closed; connections still
   * open after `graceMs` (requests that did not finish) are closed then.
   */
  close(graceMs: number): Promise<void>;
}

/** Tracks `server`'s connections and answers, for {@link Drain}. Call before the server listens. */
export function drainable(server: Server): Drain {
  /** Connections with no request in flight, with the time they became idle. */
  const idleSince = new Map<Socket, number>();
  /** Requests in flight per connection (more than one when the client pipelines). */
  const busy = new Map<Socket, number>();
  const inFlight = new Set<ServerResponse>();
  let draining = false;
  let sweeper: ReturnType<typeof setInterval> | undefined;

  server.on('connection', (socket: Socket) => {
    idleSince.set(socket, performance.now());
    socket.once('close', () => {
      idleSince.delete(socket);
      busy.delete(socket);
    });
  });
  // First of the request listeners, so that the answer is marked before any listener writes it.
  server.prependListener('request', (request, response) => {
    const socket = request.socket;
    idleSince.delete(socket);
    busy.set(socket, (busy.get(socket) ?? 0) + 1);
    inFlight.add(response);
    if (draining) response.shouldKeepAlive = false;
    response.once('close', () => {
      inFlight.delete(response);
      const left = (busy.get(socket) ?? 1) - 1;
      if (left > 0) busy.set(socket, left);
      else {
        busy.delete(socket);
        if (!socket.destroyed) idleSince.set(socket, performance.now());
      }
    });
  });

  function sweep(): void {
    const now = performance.now();
    for (const [socket, since] of idleSince) if (now - since >= IDLE_CLOSE_AFTER_MS) socket.destroy();
  }

  return {
    begin() {
      if (draining) return;
      draining = true;
      // Answers not yet written close their connection too.
      for (const response of inFlight) if (!response.headersSent) response.shouldKeepAlive = false;
      sweep();
      sweeper = setInterval(sweep, SWEEP_EVERY_MS);
      sweeper.unref();
    },
    close(graceMs) {
      return new Promise((resolve) => {
        const force = setTimeout(() => {
          for (const socket of [...idleSince.keys(), ...busy.keys()]) socket.destroy();
        }, graceMs);
        force.unref();
        // net.Server's close, not http.Server's: the latter closes idle connections at once, even
        // one whose client is sending a request this instant; the sweep closes them once idle a while.
        NetServer.prototype.close.call(server, () => {
          clearTimeout(force);
          if (sweeper !== undefined) clearInterval(sweeper);
          resolve();
        });
      });
    },
  };
}
