// Package data is spicebot's store, on SQLite (one process; the default) or PostgreSQL (several
// processes sharing one database; Open with a postgres:// URL): every channel's game, its seats,
// its append-only move log, the outbox of Discord messages still to send, and the users whose DMs
// are closed.
//
// # Two backends, one implementation
//
// Every method is written once, in portable SQL over database/sql (go-sqlite3, or pgx's stdlib
// driver). What differs is isolated in a dialect (dialect.go): on PostgreSQL the `?` placeholders
// are rewritten to $n and Go bools sent as 0/1 by the connection (pg.go); write transactions are
// SERIALIZABLE and run again when PostgreSQL reports a serialization failure (so a method's
// closure may run more than once: it sets its results afresh each time); claims of leased work
// run at READ COMMITTED with FOR UPDATE SKIP LOCKED (lease.go); reads are REPEATABLE READ
// snapshots. Each SQLite migration in migrations/ has a PostgreSQL twin of the same name in
// migrations/postgres/. Portable SQL means: INSERT … RETURNING id (no LastInsertId), INTEGER 0/1
// flags (no booleans), CAST(? AS BIGINT) where a bare parameter's type is not implied, no
// SQLite-only functions; isUnique recognises both backends' unique violations.
//
// # Several processes
//
// LockGame serialises one game's load → apply → commit across processes (a session advisory lock
// on PostgreSQL; in-process on SQLite). Outbox items, seat clocks, votes and AI turns are claimed
// with a lease (lease_owner, lease_until): each is done by the process that claimed it, and the
// claim of a process that died runs out so that another does the work.
//
// # Schema
//
// The schema lives in embedded migrations (migrations/*.sql, applied in file-name order, each in
// its own transaction and recorded in schema_migrations, so re-opening a database applies only the
// new ones). The tables, documented column by column in migrations/0001_init.sql:
//
//   - games: one row per game ever hosted; status goes lobby → playing → finished, or to
//     cancelled from lobby or playing. A partial unique index keeps at most one unfinished
//     (lobby or playing) game per channel. state is json.Marshal of the rules.State (NULL in the
//     lobby) and version is its rules.State.Version.
//   - seats: the players of a game; seat is -1 in the lobby and the rules.Seat once started.
//     A user sits at most once in a game; a seat number is held by one player.
//   - moves: the move log, seq = the version after the move (1-based). Triggers reject UPDATE and
//     DELETE: the log is append-only, so rules.Replay over Moves rebuilds any game.
//   - outbox: messages the bot must send (board posts, DMs), queued in the same transaction as the
//     change they announce, marked sent or failed (attempts) by the bot.
//   - dm_closed: users whose DMs failed with Discord error 50007.
//   - the long-game layer (package pace; migrations/0004_pace.sql, column by column): game_pace
//     (a game's pace and timeout/absence policies), seat_clocks (each seat's time bank, and the
//     scheduler's due rows with their lease), user_pace (time zone, quiet hours, absence), votes
//     and ballots (table votes), game_events (votes, timeouts, nudges, absences, undos and
//     replacements, one public sentence each, shown between the moves of /log).
//   - ratings (package ratings; migrations/0013_ratings.sql, column by column): rating_games and
//     rating_seats (each rated game's result per player, ratings before and after), ratings (the
//     current rating per server, game and player) and stats_hidden (/settings stats:off); all
//     derived from the games, rebuilt from scratch by `spicebot ratings rebuild`.
//
// Times are stored as unix milliseconds; the uint64 seed is stored bit-for-bit in a signed INTEGER.
//
// # Transactions
//
// The database is opened in WAL mode with a 5 s busy timeout, foreign keys on and
// BEGIN IMMEDIATE transactions. A Store keeps two pools: a single writer connection (so writers in
// one process queue in Go, honouring their contexts, instead of spinning on SQLITE_BUSY) and a few
// reader connections whose read transactions see one consistent snapshot while writes go on.
//
// Every Store method is one transaction: it either does all of its work or nothing, and a method
// that returns an error has changed nothing. CommitMove is the heart of it: in one transaction it
// checks that the stored version is still the one the caller loaded (UPDATE ... WHERE version = ?;
// otherwise ErrStale and nothing is written), saves the new state, version and status, appends the
// move and queues the outbox items. So of many writers racing from the same version exactly one
// wins; the others reload and try again. (Making one game's moves one at a time, so that nobody
// has to retry, is LockGame's job, taken by the caller around load → apply → commit.)
//
// # Trust and operations (issue 24)
//
// A seat a table vote put up is handed over once (TakeVotedSeat marks the vote's taken_by in the
// replacement's transaction); OpenVote allows one open vote per topic per game and a cooldown
// after a failed one; CreateLobbyAtMost counts a creator's open lobbies in its transaction;
// HandleOnce remembers handled interaction ids for HandledKeep (table handled, pruned as it
// goes). On SQLite one process serves a file: LockFile takes an flock(2) on FILE.lock (the
// golang.org/x/sys/unix library; the OS drops it when the process dies), and its holder may
// TakeBackLeases at start. ProbeWrite is the readiness check's real write. Backup is SQLite's
// VACUUM INTO on a connection of its own (a consistent snapshot beside running writers; chosen
// over go-sqlite3's SQLiteConn.Backup because it needs no raw driver connection and writes a
// compact file), BackupTo keeps the newest few, and CopyAll moves every table of an SQLite store
// into an empty PostgreSQL store in one transaction.
//
// Errors wrap the sentinel errors below (ErrNoGame, ErrChannelBusy, ErrStale, ...) with context;
// test them with errors.Is.
package data
