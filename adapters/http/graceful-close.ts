import type { Server } from 'node:http';

/**
 * Stops accepting connections, lets in-flight requests finish, and closes keep-alive
 * connections as soon as they fall idle. Whatever is still open after `timeoutMs` is cut.
 */
export async function closeGracefully(server: Server, timeoutMs: number): Promise<void> {
  if (!server.listening) return;
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  // A keep-alive socket that finishes its request after close() would otherwise linger.
  const sweeper = setInterval(() => server.closeIdleConnections(), 50);
  const deadline = setTimeout(() => server.closeAllConnections(), timeoutMs);
  server.closeIdleConnections();
  try {
    await closed;
  } finally {
    clearInterval(sweeper);
    clearTimeout(deadline);
  }
}
