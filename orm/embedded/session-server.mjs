/**
 * Serves one PGlite to several local PostgreSQL clients (the service's pool, and an `npm run
 * admin`, `npm run seed` or psql beside it) on a Unix socket.
 *
 * PGlite is one database session. A client is given that session for a whole turn: from its first
 * message until a ReadyForQuery says the session is idle again (no transaction open, no extended
 * query half sent), so no client ever sees another's transaction, unnamed statement or portal.
 * pglite-socket's own multiplexer hands the session over between single messages outside an
 * explicit transaction, which lets two clients' Parse/Bind/Execute interleave; hence this server.
 *
 * A client that leaves mid-turn (crash, Ctrl-C, a dropped connection) has its turn closed for it: a
 * Sync ends any half-sent extended query and a ROLLBACK any open transaction, before the next
 * client's turn. A client idle inside a transaction while others wait (a psql user who typed BEGIN
 * and walked away) is disconnected after `idleInTransactionMs`, so it cannot stall the service.
 *
 * Plain JavaScript for the same reason as ./pglite-worker.mjs.
 */
import { Buffer } from 'node:buffer';
import { createServer } from 'node:net';
import { clearTimeout, setTimeout } from 'node:timers';

const SSL_REQUEST = 80877103;
const GSSENC_REQUEST = 80877104;
const CANCEL_REQUEST = 80877102;
const PROTOCOL_3 = 196608;
/** Startup, simple Query, Sync, CopyDone, CopyFail: the messages PostgreSQL answers with a ReadyForQuery. */
const ANSWERED_BY_READY = new Set(['startup', 'Q', 'S', 'c', 'f']);
/** Sync: ends an extended query; the answer is a ReadyForQuery with the transaction status. */
const SYNC = Buffer.from([0x53, 0, 0, 0, 4]);

/** The transaction status of a ReadyForQuery ('Z', length 5) closing `tail`, or undefined. */
function readyStatus(tail) {
  const at = tail.length - 6;
  if (at < 0 || tail[at] !== 0x5a || tail.readInt32BE(at + 1) !== 5) return undefined;
  return String.fromCharCode(tail[at + 5]);
}

/** An ErrorResponse the client shows before the connection closes (SQLSTATE 25P03, as PostgreSQL says it). */
function fatal(message) {
  const fields = Buffer.concat([
    ...[
      ['S', 'FATAL'],
      ['V', 'FATAL'],
      ['C', '25P03'],
      ['M', message],
    ].map(([code, text]) => Buffer.from(`${code}${text}\0`, 'utf8')),
    Buffer.from([0]),
  ]);
  const head = Buffer.alloc(5);
  head.write('E', 0, 'latin1');
  head.writeInt32BE(fields.length + 4, 1);
  return Buffer.concat([head, fields]);
}

/**
 * Splits complete messages off the front of `buffer`: the length-prefixed untyped ones before
 * start-up (SSL, GSS, cancel and startup requests), typed ones after.
 */
function takeMessages(connection) {
  const messages = [];
  for (;;) {
    const buffer = connection.buffer;
    if (!connection.started) {
      if (buffer.length < 8) break;
      const length = buffer.readInt32BE(0);
      if (length < 8 || length > 10_000) return undefined;
      if (buffer.length < length) break;
      const code = buffer.readInt32BE(4);
      messages.push({ kind: code === PROTOCOL_3 ? 'startup' : code, bytes: buffer.subarray(0, length) });
      connection.buffer = buffer.subarray(length);
      if (code === PROTOCOL_3) connection.started = true;
    } else {
      if (buffer.length < 5) break;
      const length = buffer.readInt32BE(1);
      if (length < 4) return undefined;
      if (buffer.length < length + 1) break;
      messages.push({ kind: String.fromCharCode(buffer[0]), bytes: buffer.subarray(0, length + 1) });
      connection.buffer = buffer.subarray(length + 1);
    }
  }
  return messages;
}

/**
 * Starts serving `db` on the Unix socket `path`. Answers { stop }, which closes every client
 * connection and the listener (the database itself stays open for its owner to close).
 */
export async function serveSessions(db, path, { idleInTransactionMs }) {
  /** The connection whose turn it is, if any. */
  let holder;
  /** Connections with a message ready, waiting for their turn, first come first served. */
  const waiting = [];
  const connections = new Set();
  let idleTimer;

  const clearIdleTimer = () => {
    clearTimeout(idleTimer);
    idleTimer = undefined;
  };

  /** Holder idle in a transaction while someone waits: its turn ends after the grace period. */
  const armIdleTimer = () => {
    if (idleTimer || !holder || !holder.inTransaction || holder.running || waiting.length === 0) return;
    const idle = holder;
    idleTimer = setTimeout(() => {
      idleTimer = undefined;
      if (holder !== idle || idle.running) return;
      const seconds = Math.round(idleInTransactionMs / 1000);
      close(
        idle,
        fatal(
          `terminating connection: idle in a transaction for ${seconds} s while other clients (the service) waited; ` +
            'the embedded database has one session, so keep transactions short (it was rolled back)',
        ),
      );
    }, idleInTransactionMs);
    idleTimer.unref();
  };

  const release = () => {
    clearIdleTimer();
    holder = undefined;
    const next = waiting.shift();
    if (next) {
      holder = next.connection;
      next.resume();
    }
  };

  const takeTurn = (connection) => {
    if (holder === connection) return Promise.resolve();
    if (!holder) {
      holder = connection;
      return Promise.resolve();
    }
    return new Promise((resume) => {
      waiting.push({ connection, resume });
      armIdleTimer();
    });
  };

  /** Runs one message with exclusive use of PGlite, streaming the answer; the status a ReadyForQuery reported. */
  const execute = async (connection, bytes) => {
    let tail = Buffer.alloc(0);
    await db.runExclusive(() =>
      db.execProtocolRawStream(new Uint8Array(bytes), {
        onRawData: (data) => {
          if (!connection.closed) connection.socket.write(Buffer.from(data));
          tail = Buffer.concat([tail, Buffer.from(data)]).subarray(-6);
        },
      }),
    );
    return readyStatus(tail);
  };

  /** Ends a departed client's turn: finishes any half-sent extended query and rolls back its transaction. */
  const closeTurn = async () => {
    let tail = Buffer.alloc(0);
    await db.runExclusive(() =>
      db.execProtocolRawStream(new Uint8Array(SYNC), {
        onRawData: (data) => (tail = Buffer.concat([tail, Buffer.from(data)]).subarray(-6)),
      }),
    );
    if (readyStatus(tail) !== 'I') await db.exec('ROLLBACK');
  };

  const finish = async (connection) => {
    if (connection.finished) return;
    connection.finished = true;
    const at = waiting.findIndex((entry) => entry.connection === connection);
    if (at >= 0) waiting.splice(at, 1);
    if (holder !== connection) return;
    try {
      if (connection.inTurn) await closeTurn();
    } catch {
      // PGlite failed or closed (a stop): the next client's own messages meet the same error.
    } finally {
      release();
    }
  };

  /** Closes a client's connection, with a last message when given, and ends its turn. */
  const close = (connection, last) => {
    if (connection.closed) return;
    connection.closed = true;
    connection.pending = [];
    connections.delete(connection);
    if (last) {
      connection.socket.end(last);
      // A client that never closes its side is not waited for.
      setTimeout(() => connection.socket.destroy(), 1_000).unref();
    } else connection.socket.destroy();
    // A turn in progress is closed by pump() once PGlite has answered the message it runs.
    if (!connection.running) void finish(connection);
  };

  const pump = async (connection) => {
    if (connection.running) return;
    connection.running = true;
    try {
      while (connection.pending.length > 0 && !connection.closed) {
        const message = connection.pending.shift();
        if (message.kind === SSL_REQUEST || message.kind === GSSENC_REQUEST) {
          connection.socket.write('N');
          continue;
        }
        // PGlite has no backend to interrupt; a cancel request's connection carries nothing else.
        if (message.kind === CANCEL_REQUEST || message.kind === 'X' || typeof message.kind === 'number') {
          close(connection);
          break;
        }
        await takeTurn(connection);
        if (connection.closed) break;
        clearIdleTimer();
        connection.inTurn = true;
        const status = await execute(connection, message.bytes);
        // Only these end with a ReadyForQuery: another answer's last bytes (a bytea in a DataRow)
        // could look like one.
        if (status === undefined || !ANSWERED_BY_READY.has(message.kind)) continue;
        connection.inTransaction = status !== 'I';
        if (status === 'I') {
          connection.inTurn = false;
          release();
        }
      }
    } catch {
      close(connection);
    } finally {
      connection.running = false;
    }
    if (connection.closed) await finish(connection);
    else armIdleTimer();
  };

  const server = createServer((socket) => {
    const connection = { socket, buffer: Buffer.alloc(0), pending: [], started: false };
    connections.add(connection);
    socket.on('data', (data) => {
      connection.buffer = Buffer.concat([connection.buffer, data]);
      const messages = takeMessages(connection);
      if (messages === undefined) {
        close(connection);
        return;
      }
      connection.pending.push(...messages);
      void pump(connection);
    });
    socket.on('error', () => close(connection));
    socket.on('close', () => close(connection));
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(path, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return {
    async stop() {
      clearIdleTimer();
      for (const connection of [...connections]) close(connection);
      await new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
