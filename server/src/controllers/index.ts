import endpoints from './endpoints';
import apiKeys from './api-keys';
import objects from './objects';
import sessions from './sessions';

export default { endpoints, apiKeys, objects, sessions };
