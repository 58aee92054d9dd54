import { finished, type Readable } from 'node:stream';
import { MESSAGES } from '../../../contracts/messages';
import { ApiError } from '../errors/api-error';

/** How long a request body may take to arrive (plugin option `bodyTimeout`). */
export interface BodyTimeout {
  /** No byte for this long: the client stalled. */
  idleMs: number;
  /** The whole body, from the first read. */
  totalMs: number;
}

/**
 * Reads a request body chunk by chunk into `take` (which throws to stop reading), within deadlines of its own:
 * a body that stalls for `idleMs` or is not whole after `totalMs` is a 408 that closes the connection. Without
 * them a slow client holds its connection and the bytes read so far until Node's `requestTimeout` (300 s).
 */
export const readChunks = (req: Readable, { idleMs, totalMs }: BodyTimeout, take: (chunk: Buffer) => void) =>
  new Promise<void>((resolve, reject) => {
    const late = () => stop(new ApiError(408, MESSAGES.bodyTimeout, { Connection: 'close' }));
    const idle = setTimeout(late, idleMs);
    const total = setTimeout(late, totalMs);
    const onData = (chunk: Buffer) => {
      idle.refresh();
      try {
        take(chunk);
      } catch (error) {
        stop(error);
      }
    };
    // A client gone mid-body gets a 400 it will not read, instead of a logged 500.
    const stopWatching = finished(req, (error) => stop(error ? new ApiError(400, MESSAGES.invalidJson) : undefined));
    // The rest of a body not read whole stays unread: the answer closes the connection.
    function stop(error?: unknown) {
      clearTimeout(idle);
      clearTimeout(total);
      req.off('data', onData);
      stopWatching();
      req.pause();
      if (error) reject(error);
      else resolve();
    }
    req.on('data', onData);
  });
