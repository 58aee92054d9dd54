import net from 'node:net';

export interface SlowBodyAnswer {
  /** 0 when the server closed without answering. */
  status: number;
  headers: Record<string, string>;
  body: unknown;
  /** From the connection to the server's close. */
  elapsedMs: number;
}

export interface SlowBodyRequest {
  port: number;
  path: string;
  headers: Record<string, string>;
  /** The Content-Length announced: more than is ever sent. */
  contentLength: number;
  /** Sent with the head. */
  start: string;
  /** Then one more byte (a space) every `dripMs`, until the server answers; without it, nothing more. */
  dripMs?: number;
  /** The client gives up (status 0) after this long. */
  giveUpMs: number;
}

/**
 * A POST no HTTP library sends: its head and the start of a JSON body, then a byte at a time or nothing, as a
 * slow or stalled client does. Resolves when the server closes the connection, with what it answered.
 */
export const sendSlowBody = (request: SlowBodyRequest) =>
  new Promise<SlowBodyAnswer>((resolve) => {
    const started = Date.now();
    const socket = net.connect(request.port, '127.0.0.1');
    const chunks: Buffer[] = [];
    let drip: NodeJS.Timeout | undefined;
    const giveUp = setTimeout(() => socket.destroy(), request.giveUpMs);
    socket.on('connect', () => {
      const head = Object.entries({
        Host: '127.0.0.1',
        'Content-Type': 'application/json',
        'Content-Length': String(request.contentLength),
        ...request.headers,
      }).map(([name, value]) => `${name}: ${value}\r\n`);
      socket.write(`POST ${request.path} HTTP/1.1\r\n${head.join('')}\r\n${request.start}`);
      if (request.dripMs) drip = setInterval(() => socket.write(' '), request.dripMs);
    });
    socket.on('data', (chunk: Buffer) => {
      clearInterval(drip);
      chunks.push(chunk);
    });
    // Writing to a connection the server closed fails: what it answered before is what counts.
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearInterval(drip);
      clearTimeout(giveUp);
      const text = Buffer.concat(chunks).toString('utf8');
      const [head, body = ''] = text.split('\r\n\r\n');
      const [statusLine, ...lines] = head.split('\r\n');
      const headers = Object.fromEntries(
        lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()])
      );
      resolve({
        status: Number(/^HTTP\/1\.1 (\d{3})/.exec(statusLine)?.[1] ?? 0),
        headers,
        body: body ? (JSON.parse(body) as unknown) : null,
        elapsedMs: Date.now() - started,
      });
    });
  });
