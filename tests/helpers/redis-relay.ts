import net, { type AddressInfo } from 'node:net';

/**
 * Reads the commands of a client's RESP stream (arrays of bulk strings), chunk by chunk, and hands over each
 * command's name (upper case) once it is whole.
 */
const commandReader = (onCommand: (name: string) => void) => {
  let pending = Buffer.alloc(0);
  /** The first whole command of `buffer`: its name and where it ends; null while it is incomplete. */
  const firstCommand = (buffer: Buffer) => {
    let at = 0;
    const line = () => {
      const end = buffer.indexOf('\r\n', at);
      if (end < 0) return null;
      const text = buffer.toString('latin1', at, end);
      at = end + 2;
      return text;
    };
    const header = line();
    if (header === null) return null;
    let name = '';
    for (let i = 0; i < Number(header.slice(1)); i += 1) {
      const length = line();
      if (length === null) return null;
      const size = Number(length.slice(1));
      if (buffer.length < at + size + 2) return null;
      if (i === 0) name = buffer.toString('latin1', at, at + size).toUpperCase();
      at += size + 2;
    }
    return { name, end: at };
  };
  return (chunk: Buffer) => {
    pending = Buffer.concat([pending, chunk]);
    for (let command = firstCommand(pending); command; command = firstCommand(pending)) {
      onCommand(command.name);
      pending = pending.subarray(command.end);
    }
  };
};

interface Link {
  id: number;
  client: net.Socket;
  upstream: net.Socket;
  /** What the client sent during a stall, forwarded when it ends. */
  held: Buffer[];
}

/**
 * A TCP relay between the plugin and a redis-server, on a free port of 127.0.0.1: each connection it accepts
 * gets one to Redis, and either side closing closes the other. `stall()` makes it a Redis that keeps the
 * connection open and answers nothing (it reads what the client sends, forwarding none of it), `resume()`
 * forwards what was held and everything after. It records the name of every command it receives.
 */
export const startRedisRelay = async (redisPort: number) => {
  const commands: string[] = [];
  const links = new Set<Link>();
  let stalled = false;
  let ids = 0;
  const server = net.createServer((client) => {
    const link: Link = { id: (ids += 1), client, upstream: net.connect(redisPort, '127.0.0.1'), held: [] };
    links.add(link);
    const read = commandReader((name) => commands.push(name));
    client.on('data', (chunk) => {
      read(chunk);
      if (stalled) link.held.push(chunk);
      else link.upstream.write(chunk);
    });
    link.upstream.on('data', (chunk) => client.write(chunk));
    const end = () => {
      links.delete(link);
      client.destroy();
      link.upstream.destroy();
    };
    for (const socket of [client, link.upstream]) socket.on('close', end).on('error', end);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `redis://127.0.0.1:${(server.address() as AddressInfo).port}`,
    /** Names of the commands received so far, in order (`EVALSHA`, `INFO`, ...). */
    commands,
    /** Ids of the connections open now. */
    open: () => [...links].map((link) => link.id),
    stall() {
      stalled = true;
    },
    resume() {
      stalled = false;
      for (const link of links) for (const chunk of link.held.splice(0)) link.upstream.write(chunk);
    },
    async close() {
      for (const link of links) link.client.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
};

export type RedisRelay = Awaited<ReturnType<typeof startRedisRelay>>;
