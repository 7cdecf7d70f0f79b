package web

import (
	"bytes"
	"crypto/sha256"
	"embed"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"html/template"
	"io/fs"
	"net/http"
	"path"
	"strings"
	"time"

	"github.com/hashicorp/golang-lru/v2/expirable"
)

//go:embed assets
var assets embed.FS

// pageTemplate is the page (assets/page.html).
var pageTemplate = template.Must(template.New("page.html").ParseFS(assets, "assets/page.html"))

// assetVersion is a short hash of the static files, put in their addresses so that browsers
// may keep them for long and still get a new version at once.
var assetVersion = func() string {
	h := sha256.New()
	_ = fs.WalkDir(assets, "assets", func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			b, _ := assets.ReadFile(p)
			h.Write(b)
		}
		return nil
	})
	return hex.EncodeToString(h.Sum(nil))[:10]
}()

// pageTTL is how long a made page is served again for the same game state: deadlines turn late
// with time, so a page is remade at least this often.
const pageTTL = 5 * time.Second

// made is one made page: its HTML and its JSON.
type made struct {
	html, json []byte
}

// pageKey names a made page: the token it was asked with, the game's state and the language.
type pageKey struct {
	token   string
	version int
	at      int64
	lang    string
}

// pages caches made pages, so that many readers of one page cost one load and one template run
// per change.
type pages struct {
	lru *expirable.LRU[pageKey, made]
}

func newPages() *pages {
	return &pages{lru: expirable.NewLRU[pageKey, made](256, nil, pageTTL)}
}

// made returns the page of the request's game, making it when it is not cached.
func (s *Server) made(w http.ResponseWriter, r *http.Request) (made, bool) {
	row, seats, g, ok := s.game(w, r)
	if !ok {
		return made{}, false
	}
	tag := pickLang(r.URL.Query().Get("lang"), r.Header.Get("Accept-Language"))
	key := pageKey{token: r.PathValue("token"), version: row.Version, at: row.UpdatedAt.UnixMilli(), lang: tag}
	if p, ok := s.pages.lru.Get(key); ok {
		return p, true
	}
	m, err := s.build(r.Context(), row, seats, g, key.token, tag)
	if err != nil {
		s.fail(w, r, "build page", err) // lang:ok: an operator's log
		return made{}, false
	}
	p, err := makePage(m)
	if err != nil {
		s.fail(w, r, "draw page", err) // lang:ok: an operator's log
		return made{}, false
	}
	s.pages.lru.Add(key, p)
	return p, true
}

// makePage runs the template and the JSON encoder over m.
func makePage(m *model) (made, error) {
	js, err := json.Marshal(m)
	if err != nil {
		return made{}, fmt.Errorf("page json: %w", err)
	}
	var buf bytes.Buffer
	if err := pageTemplate.Execute(&buf, struct {
		*model
		Asset string
		Last  step
	}{m, assetVersion, m.Steps[len(m.Steps)-1]}); err != nil {
		return made{}, fmt.Errorf("page html: %w", err)
	}
	return made{html: buf.Bytes(), json: js}, nil
}

// page serves the HTML page of a game.
func (s *Server) page(w http.ResponseWriter, r *http.Request) {
	p, ok := s.made(w, r)
	if !ok {
		return
	}
	h := w.Header()
	h.Set("Content-Type", "text/html; charset=utf-8")
	h.Set("Cache-Control", "no-store")
	h.Set("Vary", "Accept-Language")
	_, _ = w.Write(p.html)
}

// gameJSON serves what the page shows, as JSON (model).
func (s *Server) gameJSON(w http.ResponseWriter, r *http.Request) {
	p, ok := s.made(w, r)
	if !ok {
		return
	}
	h := w.Header()
	h.Set("Content-Type", "application/json")
	h.Set("Cache-Control", "no-store")
	h.Set("Vary", "Accept-Language")
	_, _ = w.Write(p.json)
}

// static serves the page's style sheet and script.
func (s *Server) static(w http.ResponseWriter, r *http.Request) {
	name := r.PathValue("file")
	if name != "page.css" && name != "page.js" {
		http.NotFound(w, r)
		return
	}
	b, err := assets.ReadFile(path.Join("assets", name))
	if err != nil {
		http.NotFound(w, r)
		return
	}
	ct := "text/css; charset=utf-8"
	if strings.HasSuffix(name, ".js") {
		ct = "text/javascript; charset=utf-8"
	}
	w.Header().Set("Content-Type", ct)
	w.Header().Set("Cache-Control", "public, max-age=86400")
	_, _ = w.Write(b)
}
