import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';

export interface SecondInstance {
  /** Where it serves HTTP (`http://127.0.0.1:<port>`). */
  url: string;
  /** Creates an entry through the second instance's Document Service; resolves once it is committed there. */
  create: (uid: string, data: Record<string, unknown>) => Promise<string>;
  /** Calls an action of its Document Service (`update`, `publish`...); resolves once it is committed there. */
  documents: (uid: string, action: string, params: Record<string, unknown>) => Promise<void>;
  stop: () => Promise<void>;
}

export interface SecondInstanceOptions {
  /** Environment of its own on top of the suite's (its config: `DATA_API_*`...). */
  env?: Record<string, string>;
}

/** Boots tests/helpers/second-instance-child.js on the suite's database (its DATABASE_* environment). */
export const startSecondInstance = async ({ env = {} }: SecondInstanceOptions = {}): Promise<SecondInstance> => {
  const child: ChildProcess = fork(path.join(__dirname, 'second-instance-child.js'), [], {
    env: {
      ...process.env,
      STRAPI_TELEMETRY_DISABLED: 'true',
      LOG_LEVEL: 'error',
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const { port } = await new Promise<{ port: number }>((resolve, reject) => {
    child.once('message', (message: { port: number }) => resolve(message));
    child.once('exit', (code) => reject(new Error(`the second instance exited with ${code} before it was ready`)));
  });
  let next = 0;
  /** An action of its Document Service: the document id it answered. */
  const call = (uid: string, action: string, params: Record<string, unknown>) =>
    new Promise<string | undefined>((resolve, reject) => {
      const id = (next += 1);
      const answer = (message: { id?: number; ok?: boolean; documentId?: string; error?: string }) => {
        if (message.id !== id) return;
        child.off('message', answer);
        if (message.ok) resolve(message.documentId);
        else reject(new Error(message.error));
      };
      child.on('message', answer);
      child.send({ id, uid, action, params });
    });
  return {
    url: `http://127.0.0.1:${port}`,
    create: async (uid, data) => (await call(uid, 'create', { data }))!,
    documents: async (uid, action, params) => {
      await call(uid, action, params);
    },
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.send({ stop: true });
      }),
  };
};
