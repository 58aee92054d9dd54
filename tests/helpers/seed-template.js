'use strict';

/**
 * Boots the playground once on the database its DATABASE_* environment names, which Strapi migrates and the
 * playground's bootstrap seeds, then stops it: the template database of a test run (template-setup.js).
 */
const { createStrapi } = require('@strapi/strapi');
const { PLAYGROUND } = require('../../scripts/fresh-database');

createStrapi({ appDir: PLAYGROUND, distDir: PLAYGROUND })
  .load()
  .then((strapi) => strapi.destroy())
  .then(
    () => process.exit(0),
    (error) => {
      console.error(error);
      process.exit(1);
    }
  );
