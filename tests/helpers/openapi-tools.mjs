/**
 * The OpenAPI tools the tests use, run in a child process: swagger-parser and openapi-typescript are ES
 * modules (or load some), which Jest's CommonJS runtime cannot load.
 *
 *   node openapi-tools.mjs validate <document.json>      exits 1 with the problem when it is not valid
 *   node openapi-tools.mjs types <document.json> <out.ts> writes the TypeScript types of the document
 */
import { readFileSync, writeFileSync } from 'node:fs';
import SwaggerParser from '@apidevtools/swagger-parser';
import openapiTS, { astToString } from 'openapi-typescript';

const [command, input, output] = process.argv.slice(2);
const document = JSON.parse(readFileSync(input, 'utf8'));

try {
  if (command === 'validate') {
    await SwaggerParser.validate(document);
  } else if (command === 'types') {
    writeFileSync(output, astToString(await openapiTS(document)));
  } else {
    throw new Error(`unknown command ${command}`);
  }
} catch (error) {
  process.stderr.write(`${error.message}\n`);
  process.exit(1);
}
