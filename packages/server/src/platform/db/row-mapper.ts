/**
 * Rows of a prepared select turned into objects by a mapper made once per statement (issue 16, write
 * path). Drizzle maps each row with `mapResultRow`, which works out again for every column of every
 * row what decodes it (an `is` check up the column's class chain), walks the column's path with an
 * iterator, and tracks the left joins' nulls: 5 % of the server's CPU in the staff update's profile
 * (30 answer rows of 14 columns, the fill context's 93 columns), and 2-3 % on the participant's.
 * `rowMapper` does that work once, from the fields Drizzle compiled the statement with, and then
 * only reads each value, decodes it where the column's type decodes anything, and sets it: the same
 * objects as `mapResultRow` gives (row-mapper.test.ts compares them on real statements).
 */
import { Column, getTableName, is, noopDecoder, SQL, Subquery } from 'drizzle-orm';

/** A selected field as Drizzle compiles it: where it goes in the row object and what it is. */
type SelectedField = { path: string[]; field: unknown };
type Decoder = { mapFromDriverValue(value: unknown): unknown };
type RawRow = readonly unknown[];

/** A left-joined object that becomes null when its table's first column (`key`) is null (mapResultRow's rule). */
type Nullable = { name: string; key: string; table: string };

/** What decodes a field's values, found as mapResultRow finds it (an SQL's decoder is internal to Drizzle). */
function decoderOf(field: unknown): Decoder {
  type Decoded = { decoder: Decoder };
  if (is(field, Column)) return field;
  if (is(field, SQL)) return (field as unknown as Decoded).decoder;
  if (is(field, Subquery)) return (field as unknown as { _: { sql: Decoded } })._.sql.decoder;
  return (field as { sql: Decoded }).sql.decoder;
}

/** A decoder that gives back what it is given (text, numbers, booleans as the driver parsed them). */
function isIdentity(decoder: Decoder): boolean {
  const decode = decoder.mapFromDriverValue;
  return decode === Column.prototype.mapFromDriverValue || decode === noopDecoder.mapFromDriverValue;
}

/**
 * The mapper of one compiled select: `fields` as Drizzle passes them to `prepareQuery`, and the
 * join nullability Drizzle's select builder worked out (null for a select without joins).
 */
export function rowMapper(
  fields: readonly SelectedField[],
  joinsNotNullableMap: Record<string, boolean> | null | undefined,
): (rows: RawRow[]) => Record<string, unknown>[] {
  const columns = fields.map(({ path, field }) => {
    const decoder = decoderOf(field);
    return {
      parent: path.length > 1 ? path.slice(0, -1) : null,
      key: path[path.length - 1] as string,
      decode: isIdentity(decoder) ? null : decoder.mapFromDriverValue.bind(decoder),
    };
  });
  const nullables = joinsNotNullableMap ? nullableObjects(fields, joinsNotNullableMap) : [];

  const mapRow = (row: RawRow): Record<string, unknown> => {
    const result: Record<string, unknown> = {};
    for (let i = 0; i < columns.length; i++) {
      const column = columns[i] as (typeof columns)[number];
      const raw = row[i];
      const value = raw === null ? null : column.decode === null ? raw : column.decode(raw);
      let node = result;
      if (column.parent !== null) {
        for (const chunk of column.parent) {
          if (!(chunk in node)) node[chunk] = {};
          node = node[chunk] as Record<string, unknown>;
        }
      }
      node[column.key] = value;
    }
    for (const { name, key } of nullables) {
      if ((result[name] as Record<string, unknown>)[key] === null) result[name] = null;
    }
    return result;
  };
  return (rows) => rows.map(mapRow);
}

/**
 * mapResultRow's rule, worked out once: an object of the selection (path of two) whose columns all
 * come from one table, that table nullable in the joins, is null when its first column is.
 */
function nullableObjects(fields: readonly SelectedField[], notNullable: Record<string, boolean>): Nullable[] {
  const objects = new Map<string, Nullable | false>();
  for (const { path, field } of fields) {
    if (!is(field, Column) || path.length !== 2) continue;
    const name = path[0] as string;
    const table = getTableName(field.table);
    const known = objects.get(name);
    if (known === undefined) objects.set(name, { name, key: path[1] as string, table });
    else if (known !== false && known.table !== table) objects.set(name, false);
  }
  return [...objects.values()].filter((o): o is Nullable => o !== false && !notNullable[o.table]);
}
