import type { Json } from './json';
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import type { Response } from 'supertest';
import ts from 'typescript';

export type OpenapiDocument = {
  openapi: string;
  info: Record<string, unknown>;
  paths: Record<string, Record<string, Json>>;
  components: { schemas: Record<string, Json>; securitySchemes: Record<string, Json> };
} & Record<string, Json>;

const ROOT = path.resolve(__dirname, '..', '..');
/** Scratch files live inside the repository, so that generated code resolves the repository's packages. */
export const scratchDir = () => {
  const base = path.join(ROOT, 'node_modules', '.cache', 'openapi-tests');
  mkdirSync(base, { recursive: true });
  return mkdtempSync(path.join(base, 'run-'));
};

const tool = async (...args: string[]) => {
  try {
    await promisify(execFile)(process.execPath, [path.join(__dirname, 'openapi-tools.mjs'), ...args]);
  } catch (error) {
    throw new Error((error as { stderr?: string }).stderr || (error as Error).message);
  }
};

const saved = (document: OpenapiDocument) => {
  const file = path.join(scratchDir(), 'openapi.json');
  writeFileSync(file, JSON.stringify(document));
  return file;
};

/** Validates a document against the OpenAPI 3.1 schema and its own rules (swagger-parser); throws on a problem. */
export const validateOpenapi = async (document: OpenapiDocument) => tool('validate', saved(document));

/** Writes the TypeScript types openapi-typescript generates for the document to `out`. */
export const generateTypes = async (document: OpenapiDocument, out: string) => tool('types', saved(document), out);

/**
 * Checks that a live answer has the expected status and is one the document promised: that status is documented
 * for the operation, and the JSON body fits the documented schema (with the document's own components).
 */
export const conformance = (document: OpenapiDocument) => {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  for (const format of ['int32', 'int64', 'double']) ajv.addFormat(format, true);
  return (path: string, method: string, response: Response, status: number) => {
    if (response.status !== status) {
      throw new Error(`${method} ${path} answered ${response.status}, not ${status}: ${response.text.slice(0, 300)}`);
    }
    const operation = document.paths[path]?.[method];
    if (!operation) throw new Error(`${method} ${path} is not in the document`);
    const documented = operation.responses[String(response.status)];
    if (!documented) {
      throw new Error(`${method} ${path} answered ${response.status}, which the document does not list`);
    }
    const schema = documented.content?.['application/json']?.schema;
    if (!schema) return;
    const validate = ajv.compile({ ...schema, components: document.components });
    if (!validate(response.body)) {
      throw new Error(
        `${method} ${path} ${response.status}: the body does not fit the document: ${ajv.errorsText(validate.errors)}\n${JSON.stringify(response.body).slice(0, 500)}`
      );
    }
  };
};

/** Type-checks `files` as strict TypeScript; the messages of every error, with their file and line. */
export const typeErrors = (files: string[]): string[] => {
  const program = ts.createProgram(files, {
    strict: true,
    noEmit: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.CommonJS,
    moduleResolution: ts.ModuleResolutionKind.Node10,
    esModuleInterop: true,
    skipLibCheck: true,
    types: ['node'],
  });
  return ts.getPreEmitDiagnostics(program).map((d) => {
    const where = d.file
      ? `${path.basename(d.file.fileName)}:${d.file.getLineAndCharacterOfPosition(d.start!).line + 1} `
      : '';
    return `${where}${ts.flattenDiagnosticMessageText(d.messageText, ' ')}`;
  });
};

/** Compiles a TypeScript file to CommonJS next to it and runs it with node; its standard output. */
export const runTypeScript = async (file: string, env: Record<string, string>) => {
  const out = file.replace(/\.ts$/, '.cjs');
  const source = readFileSync(file, 'utf8');
  writeFileSync(
    out,
    ts.transpileModule(source, {
      compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022, esModuleInterop: true },
    }).outputText
  );
  const { stdout } = await promisify(execFile)(process.execPath, [out], { env: { ...process.env, ...env } });
  return stdout;
};
