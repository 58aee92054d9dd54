/**
 * Bulk inserts below the Document Service: rows are written with knex using the table and column names of
 * Strapi's own metadata, so seeding a million rows takes seconds, not hours.
 */
const CHUNK = 500;

/** 24 characters like Strapi's own: the type's letters, then the id in base 36 at a fixed width (unique). */
const documentId = (uid, id) => `${uid.replace(/[^a-z]/g, '').slice(0, 17)}${id.toString(36).padStart(7, '0')}`;

/** Turns { attribute: value } into a row of column values, adding Strapi 5's bookkeeping columns. */
const toRow = (meta, id, values, { published = true, docId } = {}) => {
  const now = values.createdAt || new Date(Date.UTC(2026, 0, 1));
  const row = {
    id,
    document_id: docId || documentId(meta.uid, id),
    created_at: now,
    updated_at: now,
    published_at: published ? now : null,
  };
  for (const [name, value] of Object.entries(values)) {
    const attribute = meta.attributes[name];
    if (attribute && attribute.columnName && attribute.type !== 'relation') row[attribute.columnName] = value;
  }
  return row;
};

const insertChunks = async (trx, table, rows) => {
  for (let i = 0; i < rows.length; i += CHUNK) await trx.insert(rows.slice(i, i + CHUNK)).into(table);
};

/** Link rows for a to-one relation `attribute` from each owner id to its target id (DESIGN: relations by id). */
const linkRows = (meta, attribute, pairs) => {
  const { joinTable } = meta.attributes[attribute];
  const positions = new Map();
  return pairs.map(([ownerId, targetId]) => {
    const row = { [joinTable.joinColumn.name]: ownerId, [joinTable.inverseJoinColumn.name]: targetId };
    if (joinTable.orderColumnName) row[joinTable.orderColumnName] = 1;
    if (joinTable.inverseOrderColumnName) {
      const position = (positions.get(targetId) || 0) + 1;
      positions.set(targetId, position);
      row[joinTable.inverseOrderColumnName] = position;
    }
    return row;
  });
};

/** PostgreSQL sequences do not follow explicit ids: move them past the inserted rows. */
const resetSequence = async (trx, table) => {
  if (!['pg', 'postgres'].includes(trx.client.config.client)) return;
  await trx.raw(`SELECT setval(pg_get_serial_sequence(?, 'id'), (SELECT COALESCE(MAX(id), 1) FROM ??))`, [
    table,
    table,
  ]);
};

module.exports = { toRow, insertChunks, linkRows, resetSequence };
