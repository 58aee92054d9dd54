import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';

export interface SecondInstance {
  /** Where it answers HTTP (`http://127.0.0.1:<port>`), when started with `listen`; else null. */
  origin: string | null;
  /** Creates an entry through the second instance's Document Service; resolves once it is committed there. */
  create: (uid: string, data: Record<string, unknown>) => Promise<string>;
  stop: () => Promise<void>;
}

export interface SecondInstanceOptions {
  /** Environment of its own on top of the suite's (its config: `DATA_API_*`...). */
  env?: Record<string, string>;
  /** Serve HTTP on a free port of 127.0.0.1, as a site's second server behind a load balancer does. */
  listen?: boolean;
}

/** Boots tests/helpers/second-instance-child.js on the suite's database (its DATABASE_* environment). */
export const startSecondInstance = async ({
  env = {},
  listen = false,
}: SecondInstanceOptions = {}): Promise<SecondInstance> => {
  const child: ChildProcess = fork(path.join(__dirname, 'second-instance-child.js'), [], {
    env: {
      ...process.env,
      STRAPI_TELEMETRY_DISABLED: 'true',
      LOG_LEVEL: 'error',
      ...(listen ? { SECOND_INSTANCE_LISTEN: 'true', HOST: '127.0.0.1', PORT: '0' } : {}),
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const ready = await new Promise<{ port?: number }>((resolve, reject) => {
    child.once('message', (message) => resolve(message as { port?: number }));
    child.once('exit', (code) => reject(new Error(`the second instance exited with ${code} before it was ready`)));
  });
  let next = 0;
  return {
    origin: ready.port ? `http://127.0.0.1:${ready.port}` : null,
    create: (uid, data) =>
      new Promise((resolve, reject) => {
        const id = (next += 1);
        const answer = (message: { id?: number; ok?: boolean; documentId?: string; error?: string }) => {
          if (message.id !== id) return;
          child.off('message', answer);
          if (message.ok) resolve(message.documentId!);
          else reject(new Error(message.error));
        };
        child.on('message', answer);
        child.send({ id, uid, data });
      }),
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.send({ stop: true });
      }),
  };
};
