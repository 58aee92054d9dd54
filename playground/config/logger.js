const { winston, formats } = require('@strapi/logger');

// `level` keeps LOG_LEVEL and everything more severe (warnings and errors always show at `info`). Strapi's
// `levelFilter` format would keep that one level alone.
module.exports = {
  transports: [
    new winston.transports.Console({
      level: process.env.LOG_LEVEL || 'info',
      format: formats.prettyPrint({ timestamps: 'YYYY-MM-DD hh:mm:ss.SSS' }),
    }),
  ],
};
