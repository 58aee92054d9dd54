import endpoints from './endpoints';
import apiKeys from './api-keys';
import objects from './objects';

export default { endpoints, apiKeys, objects };
