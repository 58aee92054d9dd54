import type { z } from 'zod';
import { isPlainObject } from '../../../contracts/json';
import { formatPath } from '../../../contracts/problems';
import { TRANSFER_FORMAT, transferSchema } from '../../../contracts/transfer';
import type { Translate } from '../hooks/useT';

/** What a member should have been, in words, by the type the shape check expected. */
const EXPECTED = { array: 'notList', object: 'notObject', string: 'notText' } as const;

/** What `data` holds at `path`, if anything. */
const valueAt = (data: unknown, path: readonly PropertyKey[]) =>
  path.reduce<unknown>(
    (value, step) =>
      isPlainObject(value) || Array.isArray(value) ? (value as Record<PropertyKey, unknown>)[step] : undefined,
    data
  );

/** The first problem of a file's shape, in words: what it lacks, what it has that an export does not, or where. */
const firstProblem = (data: unknown, issue: z.core.$ZodIssue, t: Translate) => {
  const path = formatPath(issue.path as Array<string | number>);
  if (issue.code === 'invalid_union' && path === 'format')
    return t('transfer.notExport.format', { format: TRANSFER_FORMAT });
  if (issue.code === 'unrecognized_keys')
    return t('transfer.notExport.unknown', {
      path: formatPath([...issue.path, issue.keys[0]] as Array<string | number>),
    });
  if (issue.code === 'invalid_type') {
    // The issue holds no input: what the file has there is read from it.
    if (valueAt(data, issue.path) === undefined) return t('transfer.notExport.missing', { path });
    const expected = EXPECTED[issue.expected as keyof typeof EXPECTED];
    if (expected) return t(`transfer.notExport.${expected}`, { path });
  }
  return t('transfer.notExport.other', { path, message: issue.message });
};

/**
 * Why `data` is not a file Export made, said at its first problem ("This file is not a Data API export: it has
 * no "format" ..."), or null when its shape is an export's (the server checks the rest).
 */
export const notExportText = (data: unknown, t: Translate) => {
  const parsed = transferSchema.safeParse(data);
  return parsed.success ? null : t('transfer.notExport', { problem: firstProblem(data, parsed.error.issues[0], t) });
};
