package bot

import (
	"fmt"
	"net"
	"net/http"
	"strings"

	"spicebot/commands"
)

// WebPage is the games' web page (package web): an HTTP handler for its addresses and the links
// to them that the board message, /game status and /game link carry.
type WebPage interface {
	http.Handler
	commands.WebLinks
}

// webPaths reports whether a request's path is one of the web page's ("/g/…", "/web/…").
func webPaths(path string) bool {
	return strings.HasPrefix(path, "/g/") || strings.HasPrefix(path, "/web/")
}

// withWeb serves the web page's addresses on a listener it shares with h when Config.WebAddr is
// addr; otherwise it returns h.
func (b *Bot) withWeb(addr string, h http.Handler) http.Handler {
	if b.cfg.Web == nil || b.cfg.WebAddr == "" || b.cfg.WebAddr != addr {
		return h
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if webPaths(r.URL.Path) {
			b.cfg.Web.ServeHTTP(w, r)
			return
		}
		h.ServeHTTP(w, r)
	})
}

// openWeb serves the web page on Config.WebAddr, unless that address is the interactions
// endpoint's or the metrics', which then serve it too (withWeb).
func (b *Bot) openWeb() error {
	if b.cfg.Web == nil || b.cfg.WebAddr == "" || b.cfg.WebAddr == b.cfg.HTTPAddr || b.cfg.WebAddr == b.cfg.OpsAddr {
		return nil
	}
	ln, err := net.Listen("tcp", b.cfg.WebAddr)
	if err != nil {
		return fmt.Errorf("bot: web page address: %w", err)
	}
	srv := b.serveOn(ln, b.cfg.Web)
	srv.ReadTimeout = 0 // the event streams are long-lived responses; request headers still time out
	b.webSrv, b.webAddr = srv, ln.Addr().String()
	b.log.Info("serving the games' web pages", "addr", b.webAddr)
	return nil
}

// WebAddr is the address the web page listens on ("" when it has no listener of its own).
func (b *Bot) WebAddr() string { return b.webAddr }
