import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * The floor of any HTTP access to a procedure: a bare node:http server in the bench's own process
 * that reads the request body and answers fixed bytes (an answer the service gave, captured once).
 * Timed with the same client and headers as a service target, it is what the HTTP exchange itself
 * costs on this machine (client, loopback, server parse and write), with no work behind it. A
 * target's p50 minus this one's is what the service does for that request beyond the exchange.
 */
export async function startFixedAnswerServer(
  answer: Buffer,
  contentType = 'application/json',
): Promise<{ url: string; stop: () => Promise<void> }> {
  const server: Server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      res.writeHead(200, { 'content-type': contentType, 'content-length': answer.length }).end(answer);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
