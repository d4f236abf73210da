import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeAnswer {
  status: number;
  body: unknown;
}

export interface LocalServer {
  /** `http://127.0.0.1:<port>`. */
  origin: string;
  /** Answers nothing to the requests that arrive from now on (the adapter's deadline is what ends them). */
  hang(): void;
  close(): Promise<void>;
}

/** A provider stand-in on 127.0.0.1, port 0: `handle` sees each request with its raw body. */
export async function startLocalServer(
  handle: (request: IncomingMessage, body: string) => FakeAnswer,
): Promise<LocalServer> {
  let hanging = false;
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      if (hanging) return;
      const answer = handle(request, Buffer.concat(chunks).toString('utf8'));
      response.writeHead(answer.status, { 'content-type': 'application/json;charset=utf-8' });
      response.end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    hang() {
      hanging = true;
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** An origin where nothing listens: a server is opened on port 0 and closed again. */
export async function closedOrigin(): Promise<string> {
  const server = await startLocalServer(() => ({ status: 200, body: {} }));
  await server.close();
  return server.origin;
}
