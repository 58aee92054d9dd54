import endpoints from './endpoints';
import apiKeys from './api-keys';
import objects from './objects';
import sessions from './sessions';
import openapiDocuments from './openapi-documents';

export default { endpoints, apiKeys, objects, sessions, openapiDocuments };
