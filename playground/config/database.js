const path = require('path');

/** SQLite by default; DATABASE_CLIENT=postgres|mysql switches to a server (DESIGN.md section 8). */
module.exports = ({ env }) => {
  const client = env('DATABASE_CLIENT', 'sqlite');
  const server = (defaults) => ({
    connection: {
      host: env('DATABASE_HOST', '127.0.0.1'),
      port: env.int('DATABASE_PORT', defaults.port),
      database: env('DATABASE_NAME', 'test'),
      user: env('DATABASE_USERNAME', defaults.user),
      password: env('DATABASE_PASSWORD', ''),
      ...(client === 'postgres' ? { schema: env('DATABASE_SCHEMA', 'public') } : {}),
    },
    pool: { min: env.int('DATABASE_POOL_MIN', 0), max: env.int('DATABASE_POOL_MAX', 10) },
  });
  const connections = {
    sqlite: {
      connection: { filename: path.resolve(__dirname, '..', env('DATABASE_FILENAME', '.tmp/data.db')) },
      useNullAsDefault: true,
    },
    postgres: server({ port: 5432, user: 'postgres' }),
    mysql: server({ port: 3306, user: 'root' }),
  };
  if (!connections[client]) throw new Error(`DATABASE_CLIENT must be sqlite, postgres or mysql, not "${client}"`);
  return { connection: { client, ...connections[client], acquireConnectionTimeout: 60000 } };
};
