// Package web is the table on the web (issue 27): a page per game, served by the bot, showing
// what the game's channel sees — the current board, who must act and their deadline, the public
// log, the results and recap of a finished game, a link back to the board message — and a replay
// of every move. The page updates by itself when a move is made.
//
// # Addresses
//
//	GET /g/{token}                 the page (HTML), in the browser's language (Accept-Language)
//	GET /g/{token}/game.json       what the page shows, for its script (live updates, replay)
//	GET /g/{token}/board/{v}.{lang}.png  the board as the channel saw it after move v (0: setup)
//	GET /g/{token}/events          server-sent events: "update" after each change, "gone" on reset
//	GET /web/static/{file}         the page's style sheet and script
//
// The token is a capability (data.Store.WebToken): 16 random bytes, unguessable; whoever holds
// the address may watch, as whoever sees the board message may. A wrong, replaced or unknown
// token, and a game still in its lobby, give the same plain 404.
//
// # What it shows
//
// Only the Observer view (rules.Observer): the board image is drawn from View(Observer), the log
// is Log(Observer), the results are the public outcome. No move text, no seat of a move and no
// time a move was made is ever served: during a simultaneous secret step the order and time in
// which seats acted is not public. Past boards are drawn from the move log (rules.Replay) on
// demand, kept in a bounded in-memory cache (never stored as images per move), one draw at a
// time so that page traffic cannot take the bot's CPU.
//
// # Libraries
//
//   - html/template and embed for the page; a small script with no build step (assets/page.js).
//   - Live updates are server-sent events over net/http (the standard library; the browser's
//     EventSource reconnects by itself). SSE rather than a websocket: the page only listens, an
//     event is one line, and it passes proxies as a plain HTTP response.
//   - github.com/hashicorp/golang-lru/v2 (expirable LRU) for the caches of pages and boards;
//     golang.org/x/sync's singleflight and semaphore so that one board is drawn once however
//     many ask at once, and boards are drawn one at a time.
//   - golang.org/x/text/language matches Accept-Language to a catalogue language; the words are
//     in the go-i18n catalogues (lang/messages/web.*.yaml).
package web

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"strings"
	"time"

	"spicebot/data"
	"spicebot/lang"
	"spicebot/render"
	"spicebot/rules"
)

// Store is the storage the page reads; *data.Store implements it.
type Store interface {
	GameByWebToken(ctx context.Context, token string) (data.Game, []data.Seat, error)
	WebToken(ctx context.Context, gameID int64) (string, error)
	ResetWebToken(ctx context.Context, gameID int64) (string, error)
	GameStamp(ctx context.Context, gameID int64) (data.Stamp, error)
	Moves(ctx context.Context, gameID int64) ([]data.Move, error)
	GamePace(ctx context.Context, gameID int64) (data.GamePace, bool, error)
	Clocks(ctx context.Context, gameID int64) ([]data.SeatClock, error)
}

// Config configures the page.
type Config struct {
	// PublicURL is the address the page is reached at from outside, without the trailing slash
	// ("https://spicebot.example.org"; SPICEBOT_PUBLIC_URL): links posted in Discord start with
	// it. Required.
	PublicURL string
	// Poll is how often a game that a page is watching is checked for changes (default 1 s).
	Poll time.Duration
	// Boards is how many drawn boards the cache keeps (default 512; a board is 20–60 kB).
	Boards int
	// Heartbeat is how often an idle event stream sends a comment so that proxies keep it open
	// (default 25 s).
	Heartbeat time.Duration
}

// Server serves the games' pages. Safe for concurrent use. Close stops its watchers.
type Server struct {
	store Store
	reg   *rules.Registry
	rend  *render.Renderer
	words *lang.Catalog
	log   *slog.Logger
	cfg   Config
	mux   *http.ServeMux

	boards *boards
	pages  *pages
	hub    *hub

	// rawTerms leaves component references ("[[S12]]") in the text served, for the leak test.
	rawTerms bool
}

// New returns the server of the games' pages over store, drawing boards with rend. The public
// URL must be an absolute http(s) address.
func New(store Store, reg *rules.Registry, rend *render.Renderer, cfg Config, log *slog.Logger) (*Server, error) {
	cfg.PublicURL = strings.TrimRight(strings.TrimSpace(cfg.PublicURL), "/")
	if !strings.HasPrefix(cfg.PublicURL, "http://") && !strings.HasPrefix(cfg.PublicURL, "https://") {
		return nil, fmt.Errorf("web: the public URL %q must start with http:// or https:// (SPICEBOT_PUBLIC_URL)", cfg.PublicURL)
	}
	if cfg.Poll <= 0 {
		cfg.Poll = time.Second
	}
	if cfg.Boards <= 0 {
		cfg.Boards = 512
	}
	if cfg.Heartbeat <= 0 {
		cfg.Heartbeat = 25 * time.Second
	}
	if log == nil {
		log = slog.Default()
	}
	words, err := lang.New(reg.All()...)
	if err != nil {
		return nil, fmt.Errorf("web: %w", err)
	}
	s := &Server{store: store, reg: reg, rend: rend, words: words, log: log, cfg: cfg}
	s.boards = newBoards(cfg.Boards)
	s.pages = newPages()
	s.hub = newHub(store, cfg.Poll, log)
	mux := http.NewServeMux()
	mux.HandleFunc("GET /g/{token}", s.page)
	mux.HandleFunc("GET /g/{token}/game.json", s.gameJSON)
	mux.HandleFunc("GET /g/{token}/board/{file}", s.board)
	mux.HandleFunc("GET /g/{token}/events", s.events)
	mux.HandleFunc("GET /web/static/{file}", s.static)
	s.mux = mux
	return s, nil
}

// ServeHTTP serves the pages (see the package doc for the addresses).
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	h := w.Header()
	h.Set("Referrer-Policy", "no-referrer") // the address is the capability: never sent on
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("X-Robots-Tag", "noindex, nofollow")
	h.Set("Content-Security-Policy", "default-src 'none'; img-src 'self'; style-src 'self'; script-src 'self'; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'")
	s.mux.ServeHTTP(w, r)
}

// Owns reports whether path is one of the page's addresses, for a listener shared with other
// handlers (the interactions endpoint, /metrics).
func Owns(path string) bool {
	return strings.HasPrefix(path, "/g/") || strings.HasPrefix(path, "/web/")
}

// Close stops the watchers of the event streams.
func (s *Server) Close() { s.hub.close() }

// Link returns the address of a game's page, making its token the first time (ErrNoGame from
// package data for an unknown game).
func (s *Server) Link(ctx context.Context, gameID int64) (string, error) {
	tok, err := s.store.WebToken(ctx, gameID)
	if err != nil {
		return "", fmt.Errorf("web link: %w", err)
	}
	return s.cfg.PublicURL + "/g/" + tok, nil
}

// ResetLink replaces a game's token and returns the new address: the old one gives 404 from
// now on, and pages open with it are told so.
func (s *Server) ResetLink(ctx context.Context, gameID int64) (string, error) {
	tok, err := s.store.ResetWebToken(ctx, gameID)
	if err != nil {
		return "", fmt.Errorf("web link reset: %w", err)
	}
	s.hub.poke(gameID)
	return s.cfg.PublicURL + "/g/" + tok, nil
}

// game loads the game of the request's token, or answers 404 (wrong token, lobby) or 500 and
// returns false.
func (s *Server) game(w http.ResponseWriter, r *http.Request) (data.Game, []data.Seat, rules.Game, bool) {
	tok := r.PathValue("token")
	if len(tok) < 22 || len(tok) > 64 {
		http.NotFound(w, r)
		return data.Game{}, nil, nil, false
	}
	row, seats, err := s.store.GameByWebToken(r.Context(), tok)
	if errors.Is(err, data.ErrNoGame) {
		http.NotFound(w, r)
		return data.Game{}, nil, nil, false
	}
	if err != nil {
		s.fail(w, r, "load game", err) // lang:ok: an operator's log
		return data.Game{}, nil, nil, false
	}
	g, ok := s.reg.Get(row.Game)
	if !ok || row.State == nil || row.Status == data.StatusLobby {
		http.NotFound(w, r)
		return data.Game{}, nil, nil, false
	}
	return row, seats, g, true
}

// fail logs an error and answers 500 with no detail.
func (s *Server) fail(w http.ResponseWriter, r *http.Request, what string, err error) {
	if r.Context().Err() != nil {
		return // the reader left
	}
	s.log.ErrorContext(r.Context(), "web: "+what, "err", err)
	http.Error(w, http.StatusText(http.StatusInternalServerError), http.StatusInternalServerError)
}
