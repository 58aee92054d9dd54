import type { Context } from 'koa';
import { LIMITS } from '../../../contracts/limits';
import { localizationExists, MESSAGES } from '../../../contracts/messages';
import { ApiError } from '../errors/api-error';
import { quoter } from '../query/dialect';
import { LOCALE_PARAM, type LocaleScope } from '../query/locale';
import type { Model } from '../query/model';
import type { TxDb } from '../query/tx-db';

/**
 * The locale a write request works in, on a translated type (else undefined): the definition's, or the client's
 * `?locale=` (a repeated one is 400). Writes read no other query parameter but `localizationOf`.
 */
export const requestLocale = (scope: LocaleScope | null, ctx: Context): string | undefined => {
  if (!scope) return undefined;
  const sent = new URLSearchParams(ctx.querystring).getAll(LOCALE_PARAM);
  if (sent.length > 1) throw new ApiError(400, MESSAGES.invalidParameters);
  return scope.resolve(scope.param ? sent[0] : undefined) ?? undefined;
};

/** The query parameter of a Create on a translated type that makes the record a new locale of a document. */
export const LOCALIZATION_PARAM = 'localizationOf';

const ROW_ID = /^[1-9]\d{0,9}$/;

/** The row id `?localizationOf=` names, if sent; anything but one row id is 400. */
export const localizationParam = (ctx: Context): number | undefined => {
  const sent = new URLSearchParams(ctx.querystring).getAll(LOCALIZATION_PARAM);
  if (!sent.length) return undefined;
  if (sent.length > 1 || !ROW_ID.test(sent[0]) || Number(sent[0]) > LIMITS.maxRowId) {
    throw new ApiError(400, MESSAGES.invalidParameters);
  }
  return Number(sent[0]);
};

/**
 * Checks that `documentId` (of the row `?localizationOf=` named, found within the endpoint's filter and status
 * and locked) has no record in `locale` yet, else 409. Its rows are locked first, then read again in a statement
 * of its own: that one sees a record another request added while this one waited for the lock (PostgreSQL reads
 * at each statement's start, MySQL's locking reads see the latest rows), so two requests cannot both add it.
 */
export const requireNewLocale = async (db: TxDb, model: Model, documentId: string, locale: string) => {
  const q = quoter(db.dialect);
  const rowsOfDocument = `FROM ${q(model.table)} WHERE ${q('document_id')} = ?`;
  const lock = db.dialect === 'sqlite' ? '' : ' FOR UPDATE';
  await db.all(`SELECT ${q('id')} AS id ${rowsOfDocument}${lock}`, [documentId]);
  const taken = await db.all(`SELECT ${q('id')} AS id ${rowsOfDocument} AND ${q('locale')} = ?${lock}`, [
    documentId,
    locale,
  ]);
  if (taken.length) throw new ApiError(409, localizationExists(locale));
};
