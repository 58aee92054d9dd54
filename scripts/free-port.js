'use strict';

const net = require('node:net');

/** A TCP port of 127.0.0.1 that nothing listens on now: the system picks it, and it is let go at once. */
const freePort = () =>
  new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });

module.exports = { freePort };
