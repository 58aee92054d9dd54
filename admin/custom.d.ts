declare module '@strapi/strapi/admin';
