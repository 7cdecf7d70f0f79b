-- 0005_undo: taking back moves (issue 11, undo).
--
-- The move log stays the truth that rules.Replay rebuilds a game from, and a move's seq stays the
-- game's version after it. An undo removes the last moves of the log, so that the next move takes
-- their seq again, but never loses them: each is first archived in undone_moves, in the same
-- transaction as the state rebuilt without them and the game event that records the undo
-- (game_events, kind 'undo').

-- undone_moves: the moves that were taken back, as they were in moves.
--   seq, seat, move, user_id, at   the move's row in moves when it was taken back.
--   undone_at                      unix milliseconds of the undo.
CREATE TABLE undone_moves (
    id        INTEGER PRIMARY KEY,
    game_id   INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seq       INTEGER NOT NULL CHECK (seq >= 1),
    seat      INTEGER NOT NULL CHECK (seat >= 0),
    move      TEXT    NOT NULL CHECK (move <> ''),
    user_id   TEXT    NOT NULL,
    at        INTEGER NOT NULL,
    undone_at INTEGER NOT NULL
);

CREATE INDEX undone_moves_game ON undone_moves (game_id, seq);

-- moves stay append-only except for an undo: a row may be deleted only once it is archived.
DROP TRIGGER moves_no_delete;

CREATE TRIGGER moves_no_delete BEFORE DELETE ON moves
WHEN NOT EXISTS (SELECT 1 FROM undone_moves u
                 WHERE u.game_id = OLD.game_id AND u.seq = OLD.seq AND u.move = OLD.move AND u.at = OLD.at)
BEGIN
    SELECT RAISE(ABORT, 'moves are append-only: only an archived move may be taken back');
END;

-- /mygames: a player's games across channels.
CREATE INDEX seats_by_user ON seats (user_id, game_id);
