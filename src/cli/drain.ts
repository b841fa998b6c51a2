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

/** A connection of the server, as the drain follows it. */
interface Connection {
  /**
   * The answers in flight, in order (more than one when the client pipelines), in an array that
   * lives as long as the connection. One set of the server's for every answer made the
   * young-generation collector keep most of each request's objects under load (most likely through
   * the set's replaced tables, which still hold old answers until a full collection), and full
   * collections then ran several times a second: about 10 µs more CPU per request (docs/http.md,
   * "Speed").
   */
  readonly answers: ServerResponse[];
  /** When the last answer was written, or the connection opened (`performance.now()`); read only when no answer is in flight. */
  idleSince: number;
}

/** Tracks `server`'s connections and answers, for {@link Drain}. Call before the server listens. */
export function drainable(server: Server): Drain {
  const connections = new Map<Socket, Connection>();
  let draining = false;
  let sweeper: ReturnType<typeof setInterval> | undefined;

  server.on('connection', (socket: Socket) => {
    connections.set(socket, { answers: [], idleSince: performance.now() });
    socket.once('close', () => connections.delete(socket));
  });
  // One listener for every answer, rather than a closure per request: this runs once per request.
  function answered(this: ServerResponse): void {
    const connection = connections.get(this.req.socket as Socket);
    if (connection === undefined) return;
    const { answers } = connection;
    const at = answers.indexOf(this);
    if (at !== -1) answers.splice(at, 1);
    if (answers.length === 0) connection.idleSince = performance.now();
  }
  // First of the request listeners, so that the answer is marked before any listener writes it.
  server.prependListener('request', (request, response) => {
    const connection = connections.get(request.socket);
    connection?.answers.push(response);
    if (draining) response.shouldKeepAlive = false;
    response.on('close', answered);
  });

  function sweep(): void {
    const now = performance.now();
    for (const [socket, connection] of connections) {
      if (connection.answers.length === 0 && now - connection.idleSince >= IDLE_CLOSE_AFTER_MS) socket.destroy();
    }
  }

  return {
    begin() {
      if (draining) return;
      draining = true;
      // Answers not yet written close their connection too.
      for (const { answers } of connections.values()) {
        for (const response of answers) if (!response.headersSent) response.shouldKeepAlive = false;
      }
      sweep();
      sweeper = setInterval(sweep, SWEEP_EVERY_MS);
      sweeper.unref();
    },
    close(graceMs) {
      return new Promise((resolve) => {
        const force = setTimeout(() => {
          for (const socket of [...connections.keys()]) socket.destroy();
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
