const { winston, formats } = require('@strapi/logger');

module.exports = {
  transports: [
    new winston.transports.Console({
      level: process.env.LOG_LEVEL || 'info',
      format: winston.format.combine(
        formats.levelFilter(process.env.LOG_LEVEL || 'info'),
        formats.prettyPrint({ timestamps: 'YYYY-MM-DD hh:mm:ss.SSS' })
      ),
    }),
  ],
};
