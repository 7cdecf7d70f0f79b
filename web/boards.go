package web

import (
	"context"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"fmt"
	"net/http"
	"sort"
	"strconv"
	"strings"

	lru "github.com/hashicorp/golang-lru/v2"
	"golang.org/x/sync/semaphore"
	"golang.org/x/sync/singleflight"

	"spicebot/data"
	"spicebot/lang"
	"spicebot/rules"
)

// boards draws and caches board images. A board is named by what determines it — the game, its
// setup, the moves up to it, the language — so that an undo (which replaces later moves) never
// serves a stale board, and the cache needs no invalidation.
type boards struct {
	cache *lru.Cache[string, []byte]
	once  singleflight.Group
	// draw lets one board be drawn at a time: the bot's own renders keep the other CPUs.
	draw *semaphore.Weighted
}

func newBoards(size int) *boards {
	c, _ := lru.New[string, []byte](size) // size > 0
	return &boards{cache: c, draw: semaphore.NewWeighted(1)}
}

// boardKey names the board after the first v of moves of game row in language tag (never sent
// to a browser: a hash of moves names their texts, some of which are secret).
func boardKey(row data.Game, moves []data.Move, v int, tag string) string {
	h := sha256.New()
	var b [8]byte
	binary.LittleEndian.PutUint64(b[:], uint64(row.ID))
	h.Write(b[:])
	binary.LittleEndian.PutUint64(b[:], row.Seed)
	h.Write(b[:])
	fmt.Fprintf(h, "%s|%d|%s|%s|", row.Game, row.Players, optionsText(row.Options), tag)
	for _, m := range moves[:v] {
		fmt.Fprintf(h, "%d %s\n", m.Seat, m.Move)
	}
	return hex.EncodeToString(h.Sum(nil))
}

func optionsText(o rules.Options) string {
	var on []string
	for k, v := range o {
		if v {
			on = append(on, k)
		}
	}
	sort.Strings(on)
	return strings.Join(on, ",")
}

// board serves the board after move v (file "{v}.{lang}.png"; 0 is the setup).
func (s *Server) board(w http.ResponseWriter, r *http.Request) {
	row, seats, g, ok := s.game(w, r)
	if !ok {
		return
	}
	vs, tag, ok := strings.Cut(strings.TrimSuffix(r.PathValue("file"), ".png"), ".")
	v, err := strconv.Atoi(vs)
	if !ok || err != nil || v < 0 || v > row.Version || lang.Match(tag) != tag || !strings.HasSuffix(r.PathValue("file"), ".png") {
		http.NotFound(w, r)
		return
	}
	png, err := s.boardPNG(r.Context(), row, seats, g, v, tag)
	if err != nil {
		s.fail(w, r, "draw board", err) // lang:ok: an operator's log
		return
	}
	sum := sha256.Sum256(png)
	etag := `"` + hex.EncodeToString(sum[:8]) + `"`
	h := w.Header()
	h.Set("Content-Type", "image/png")
	h.Set("Cache-Control", "no-cache") // revalidated: an undo changes the board after move v
	h.Set("ETag", etag)
	if r.Header.Get("If-None-Match") == etag {
		w.WriteHeader(http.StatusNotModified)
		return
	}
	_, _ = w.Write(png)
}

// boardPNG returns the PNG of the board after the first v moves of a game, as the channel saw it
// (View(Observer)), drawn in language tag: from the cache, or rebuilt from the move log with
// rules.Replay and drawn.
func (s *Server) boardPNG(ctx context.Context, row data.Game, seats []data.Seat, g rules.Game, v int, tag string) ([]byte, error) {
	moves, err := s.store.Moves(ctx, row.ID)
	if err != nil {
		return nil, fmt.Errorf("moves of game %d: %w", row.ID, err)
	}
	if v > len(moves) {
		return nil, fmt.Errorf("game %d: board %d of %d moves", row.ID, v, len(moves))
	}
	key := boardKey(row, moves, v, tag)
	if png, ok := s.boards.cache.Get(key); ok {
		return png, nil
	}
	out, err, _ := s.boards.once.Do(key, func() (any, error) {
		if png, ok := s.boards.cache.Get(key); ok {
			return png, nil
		}
		if err := s.boards.draw.Acquire(ctx, 1); err != nil {
			return nil, err
		}
		defer s.boards.draw.Release(1)
		png, err := s.drawBoard(row, seats, g, moves[:v], tag)
		if err != nil {
			return nil, err
		}
		s.boards.cache.Add(key, png)
		return png, nil
	})
	if err != nil {
		return nil, err
	}
	return out.([]byte), nil
}

// drawBoard replays moves from the game's setup and draws the Observer's board.
func (s *Server) drawBoard(row data.Game, seats []data.Seat, g rules.Game, moves []data.Move, tag string) ([]byte, error) {
	st, err := rules.Replay(g, row.Players, row.Options, row.Seed, data.Records(moves))
	if err != nil {
		return nil, fmt.Errorf("game %d: %w", row.ID, err)
	}
	return s.drawView(st, seats, tag)
}

// drawView draws the Observer's board of st with the seats' names in language tag, as a PNG.
// It uses the renderer's board function, drawn and encoded with the game's palette.
func (s *Server) drawView(st rules.State, seats []data.Seat, tag string) ([]byte, error) {
	names := make([]string, st.Players())
	for _, se := range seats {
		if se.Seat >= 0 && se.Seat < len(names) {
			names[se.Seat] = se.Name
		}
	}
	png, err := s.rend.In(tag).BoardPNG(st.View(rules.Observer), names)
	if err != nil {
		return nil, fmt.Errorf("draw board: %w", err)
	}
	return png, nil
}
