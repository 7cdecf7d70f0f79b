package web

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"sync"
	"time"

	"spicebot/data"
)

// hub watches the games that open pages are showing: one watcher per game, however many pages
// show it, reads the game's stamp (data.Store.GameStamp, one small row) every poll and tells the
// pages when it changed. Polling the store rather than hooking the bot's moves keeps the page a
// room of its own and works the same with several bot processes on one database.
type hub struct {
	store Store
	poll  time.Duration
	log   *slog.Logger

	mu      sync.Mutex
	games   map[int64]*watch
	closed  bool
	stopAll context.CancelFunc
	ctx     context.Context
}

// watch is one watched game and the pages listening to it.
type watch struct {
	subs map[*sub]bool
	wake chan struct{} // poke: check now
	stop context.CancelFunc
}

// sub is one page's event stream.
type sub struct {
	hash    string        // the token hash the page was opened with
	changed chan struct{} // the game changed (buffered, coalescing)
	gone    chan struct{} // the token was replaced or the game is gone (closed)
}

func newHub(store Store, poll time.Duration, log *slog.Logger) *hub {
	ctx, cancel := context.WithCancel(context.Background())
	return &hub{store: store, poll: poll, log: log, games: map[int64]*watch{}, ctx: ctx, stopAll: cancel}
}

// subscribe adds a page's stream to a game's watcher, starting it if needed, and returns the
// function that removes it.
func (h *hub) subscribe(gameID int64, hash string, seen data.Stamp) (*sub, func(), error) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.closed {
		return nil, nil, errors.New("web: closed")
	}
	s := &sub{hash: hash, changed: make(chan struct{}, 1), gone: make(chan struct{})}
	w := h.games[gameID]
	if w == nil {
		ctx, cancel := context.WithCancel(h.ctx)
		w = &watch{subs: map[*sub]bool{}, wake: make(chan struct{}, 1), stop: cancel}
		h.games[gameID] = w
		go h.run(ctx, gameID, w, seen)
	}
	w.subs[s] = true
	return s, func() {
		h.mu.Lock()
		defer h.mu.Unlock()
		delete(w.subs, s)
		if len(w.subs) == 0 && h.games[gameID] == w {
			w.stop()
			delete(h.games, gameID)
		}
	}, nil
}

// poke makes a game's watcher look now (after a token reset).
func (h *hub) poke(gameID int64) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if w := h.games[gameID]; w != nil {
		select {
		case w.wake <- struct{}{}:
		default:
		}
	}
}

// run polls one game until its last page leaves.
func (h *hub) run(ctx context.Context, gameID int64, w *watch, last data.Stamp) {
	t := time.NewTicker(h.poll)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		case <-w.wake:
		}
		st, err := h.store.GameStamp(ctx, gameID)
		gone := errors.Is(err, data.ErrNoGame)
		if err != nil && !gone {
			if ctx.Err() == nil {
				h.log.WarnContext(ctx, "web: watch game", "game", gameID, "err", err)
			}
			continue
		}
		changed := st.Version != last.Version || !st.UpdatedAt.Equal(last.UpdatedAt)
		last = st
		h.mu.Lock()
		for s := range w.subs {
			if gone || s.hash != st.TokenHash {
				select {
				case <-s.gone:
				default:
					close(s.gone)
				}
				continue
			}
			if changed {
				select {
				case s.changed <- struct{}{}:
				default:
				}
			}
		}
		h.mu.Unlock()
	}
}

// close stops every watcher; open streams end.
func (h *hub) close() {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.closed = true
	h.stopAll()
}

// events serves a page's event stream (text/event-stream): "update" with the game's version each
// time the game changes, "gone" when its token was replaced (then the stream ends), and a
// comment line every heartbeat.
func (s *Server) events(w http.ResponseWriter, r *http.Request) {
	row, _, _, ok := s.game(w, r)
	if !ok {
		return
	}
	fl, ok := w.(http.Flusher)
	if !ok {
		http.Error(w, "streaming unsupported", http.StatusInternalServerError)
		return
	}
	sb, leave, err := s.hub.subscribe(row.ID, data.WebTokenHash(r.PathValue("token")), data.Stamp{Version: row.Version, UpdatedAt: row.UpdatedAt})
	if err != nil {
		http.Error(w, http.StatusText(http.StatusServiceUnavailable), http.StatusServiceUnavailable)
		return
	}
	defer leave()
	h := w.Header()
	h.Set("Content-Type", "text/event-stream")
	h.Set("Cache-Control", "no-store")
	h.Set("X-Accel-Buffering", "no")
	// The connection outlives the server's write timeout, if any.
	rc := http.NewResponseController(w)
	_ = rc.SetWriteDeadline(time.Time{})
	_ = rc.SetReadDeadline(time.Time{})
	fmt.Fprintf(w, "retry: 3000\nevent: hello\ndata: %d\n\n", row.Version)
	fl.Flush()
	beat := time.NewTicker(s.cfg.Heartbeat)
	defer beat.Stop()
	for {
		select {
		case <-r.Context().Done():
			return
		case <-s.hub.ctx.Done():
			return
		case <-sb.gone:
			fmt.Fprint(w, "event: gone\ndata: 0\n\n")
			fl.Flush()
			return
		case <-sb.changed:
			st, err := s.store.GameStamp(r.Context(), row.ID)
			if err != nil {
				continue
			}
			fmt.Fprintf(w, "event: update\ndata: %d\n\n", st.Version)
			fl.Flush()
		case <-beat.C:
			fmt.Fprint(w, ": beat\n\n")
			fl.Flush()
		}
	}
}
