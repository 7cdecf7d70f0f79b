package bot

import (
	"fmt"
	"net/http"
	"net/url"
	"strings"
)

// DefaultAPIURL is Discord's base URL; discordgo's endpoints are built on it.
const DefaultAPIURL = "https://discord.com"

// rewriteTransport sends every request that discordgo addresses to Discord's base URL to another
// base URL instead (scheme, host and path prefix), so the bot can run against a Discord-compatible
// server such as the loopback Discord of the end-to-end tests.
type rewriteTransport struct {
	from *url.URL
	to   *url.URL
	next http.RoundTripper
}

// newRewriteTransport returns a RoundTripper that rewrites requests for DefaultAPIURL to apiURL.
// It returns an error if apiURL is not an absolute http(s) URL.
func newRewriteTransport(apiURL string, next http.RoundTripper) (http.RoundTripper, error) {
	to, err := url.Parse(strings.TrimRight(apiURL, "/"))
	if err != nil || (to.Scheme != "http" && to.Scheme != "https") || to.Host == "" {
		return nil, fmt.Errorf("discord api url %q: want an absolute http or https URL", apiURL)
	}
	from, _ := url.Parse(DefaultAPIURL)
	if next == nil {
		next = http.DefaultTransport
	}
	return &rewriteTransport{from: from, to: to, next: next}, nil
}

// RoundTrip implements http.RoundTripper.
func (t *rewriteTransport) RoundTrip(req *http.Request) (*http.Response, error) {
	if req.URL.Host != t.from.Host || t.to.Host == t.from.Host && t.to.Scheme == t.from.Scheme && t.to.Path == "" {
		return t.next.RoundTrip(req)
	}
	r := req.Clone(req.Context())
	u := *req.URL
	u.Scheme, u.Host = t.to.Scheme, t.to.Host
	u.Path = t.to.Path + req.URL.Path
	if req.URL.RawPath != "" {
		u.RawPath = t.to.Path + req.URL.RawPath
	}
	r.URL, r.Host = &u, t.to.Host
	return t.next.RoundTrip(r)
}
