import { Code } from '@strapi/icons';

export const PluginIcon = () => <Code />;
