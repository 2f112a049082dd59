"""Where the SQL of SQLite and PostgreSQL differs, said once (tally.store writes everything else
once for both: ``?`` placeholders, which the PostgreSQL connection turns into ``%s``).

A ``Dialect`` is data: the column types that differ (``{blob}``, ``{serial}``, ``{sorted}``,
``{without_rowid}`` in the migrations' DDL), how a JSON field is read out of a text column,
how a write locks its session row, and the ``session_pairs`` triggers of schemas 6 and 7
(SQLite's SQL triggers, PostgreSQL's one PL/pgSQL function; schema 8 drops them and the store
keeps the rows itself). JSON stays in TEXT columns on both: the store splices stored JSON
texts together without parsing them (``Store.session_parts``).
"""

from __future__ import annotations

from dataclasses import dataclass, field

# -- SQLite: session_pairs kept by three SQL triggers (issue 14)
_PAIRS_IN = ("INSERT INTO session_pairs (session_id, payer, payee, chips) "
             "SELECT {r}.session_id, json_extract(value, '$.from'), json_extract(value, '$.to'), "
             "json_extract(value, '$.amount') FROM json_each({r}.ledger) WHERE true "
             "ON CONFLICT (session_id, payer, payee) DO UPDATE SET chips = chips + excluded.chips;")
_PAIRS_OUT = ("UPDATE session_pairs SET chips = chips - (SELECT total(json_extract(value, "
              "'$.amount')) FROM json_each({r}.ledger) WHERE json_extract(value, '$.from') = "
              "session_pairs.payer AND json_extract(value, '$.to') = session_pairs.payee) "
              "WHERE session_id = {r}.session_id; DELETE FROM session_pairs WHERE session_id = "
              "{r}.session_id AND abs(chips) < 1e-9;")
SQLITE_PAIR_TRIGGERS = (
    "CREATE TRIGGER rounds_pairs_in AFTER INSERT ON rounds BEGIN "
    + _PAIRS_IN.format(r="NEW") + " END",
    "CREATE TRIGGER rounds_pairs_out AFTER DELETE ON rounds BEGIN "
    + _PAIRS_OUT.format(r="OLD") + " END",
    "CREATE TRIGGER rounds_pairs_change AFTER UPDATE OF ledger ON rounds BEGIN "
    + _PAIRS_OUT.format(r="OLD") + " " + _PAIRS_IN.format(r="NEW") + " END",
)
SQLITE_PAIRS_FILL = (
    "INSERT INTO session_pairs SELECT r.session_id, json_extract(e.value, '$.from'), "
    "json_extract(e.value, '$.to'), total(json_extract(e.value, '$.amount')) "
    "FROM rounds r, json_each(r.ledger) e GROUP BY 1, 2, 3")

# -- PostgreSQL: the same bookkeeping in one row trigger. A round's ledger may pay the same
# pair twice, so its entries are summed first (one upsert may not touch a row twice).
_PG_LEDGER = ("SELECT e->>'from' AS payer, e->>'to' AS payee, sum((e->>'amount')::numeric) "
              "AS chips FROM json_array_elements({r}.ledger::json) e GROUP BY 1, 2")
PG_PAIR_TRIGGERS = (
    "CREATE FUNCTION rounds_pairs() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN "
    "IF TG_OP IN ('DELETE', 'UPDATE') THEN "
    "UPDATE session_pairs p SET chips = p.chips - l.chips FROM (" + _PG_LEDGER.format(r="OLD")
    + ") l WHERE p.session_id = OLD.session_id AND p.payer = l.payer AND p.payee = l.payee; "
    "DELETE FROM session_pairs WHERE session_id = OLD.session_id AND abs(chips) < 1e-9; "
    "END IF; "
    "IF TG_OP IN ('INSERT', 'UPDATE') THEN "
    "INSERT INTO session_pairs (session_id, payer, payee, chips) SELECT NEW.session_id, l.payer, "
    "l.payee, l.chips FROM (" + _PG_LEDGER.format(r="NEW") + ") l "
    "ON CONFLICT (session_id, payer, payee) DO UPDATE SET chips = session_pairs.chips + "
    "excluded.chips; "
    "END IF; RETURN NULL; END $$",
    "CREATE TRIGGER rounds_pairs AFTER INSERT OR DELETE OR UPDATE OF ledger ON rounds "
    "FOR EACH ROW EXECUTE FUNCTION rounds_pairs()",
)
PG_PAIRS_FILL = (
    "INSERT INTO session_pairs SELECT r.session_id, e->>'from', e->>'to', "
    "sum((e->>'amount')::numeric) FROM rounds r, json_array_elements(r.ledger::json) e "
    "GROUP BY 1, 2, 3")


@dataclass(frozen=True)
class Dialect:
    name: str
    types: dict = field(default_factory=dict)  # the DDL's {tokens}
    lock_row: str = ""                 # appended to the SELECT of the row a write changes
    pair_triggers: tuple = ()           # schema 6-7 (schema 8 drops them: tally.store._Pairs)
    drop_pair_triggers: tuple = ()
    pairs_fill: str = ""
    json_text_sql: str = ""            # a JSON field of a text column, as JSON text
    json_int_sql: str = ""             # a JSON field of a text column, as an integer

    def ddl(self, sql: str) -> str:
        return sql.format(**self.types)

    def json_text(self, column: str, key: str) -> str:
        return self.json_text_sql.format(c=column, k=key)

    def json_int(self, column: str, key: str) -> str:
        return self.json_int_sql.format(c=column, k=key)


SQLITE = Dialect(
    "sqlite",
    types={"blob": "BLOB", "serial": "INTEGER PRIMARY KEY", "sorted": "TEXT",
           "without_rowid": " WITHOUT ROWID"},
    pair_triggers=SQLITE_PAIR_TRIGGERS, pairs_fill=SQLITE_PAIRS_FILL,
    drop_pair_triggers=tuple(f"DROP TRIGGER IF EXISTS {t}" for t in (
        "rounds_pairs_in", "rounds_pairs_out", "rounds_pairs_change")),
    json_text_sql="json_extract({c}, '$.{k}')", json_int_sql="json_extract({c}, '$.{k}')")

POSTGRES = Dialect(
    "postgres",
    # names and slugs sort by code point as on SQLite, whatever the database's locale
    types={"blob": "BYTEA", "serial": "BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY",
           "sorted": 'TEXT COLLATE "C"', "without_rowid": ""},
    # a write holds its session's row until it commits: the next writer of that session waits
    # and then reads the version the first one wrote (READ COMMITTED re-reads a locked row)
    lock_row=" FOR UPDATE",
    pair_triggers=PG_PAIR_TRIGGERS, pairs_fill=PG_PAIRS_FILL,
    drop_pair_triggers=("DROP TRIGGER IF EXISTS rounds_pairs ON rounds",
                        "DROP FUNCTION IF EXISTS rounds_pairs()"),
    # the json type keeps the stored text, so a field comes out as it was written
    json_text_sql="({c}::json->'{k}')::text", json_int_sql="({c}::json->>'{k}')::int")


def is_postgres_url(target: str) -> bool:
    return target.startswith(("postgresql://", "postgres://"))
