import registry from './registry';
import definitions from './definitions';
import apiKeys from './api-keys';
import objects from './objects';

export default { registry, definitions, apiKeys, objects };
