// Package data is spicebot's SQLite store: every channel's game, its seats, its append-only move
// log, the outbox of Discord messages still to send, and the users whose DMs are closed.
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
// wins; the others reload and try again. (Serialising moves of one game inside the process is the
// bot's per-game mutex, not this package's job.)
//
// Errors wrap the sentinel errors below (ErrNoGame, ErrChannelBusy, ErrStale, ...) with context;
// test them with errors.Is.
package data
