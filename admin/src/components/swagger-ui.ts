// Swagger UI and its styles, in a chunk of their own: loaded when a preview opens, not with the plugin's page.
import 'swagger-ui-dist/swagger-ui.css';

export { default } from 'swagger-ui-dist/swagger-ui-es-bundle.js';
