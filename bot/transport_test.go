package bot

import (
	"net/http"
	"net/http/httptest"
	"testing"
)

func TestRewriteTransport(t *testing.T) {
	var got []string
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		got = append(got, r.Method+" "+r.URL.Path+"?"+r.URL.RawQuery)
	}))
	defer srv.Close()
	for _, base := range []string{srv.URL, srv.URL + "/", srv.URL + "/prefix"} {
		got = nil
		tr, err := newRewriteTransport(base, nil)
		if err != nil {
			t.Fatal(err)
		}
		c := &http.Client{Transport: tr}
		resp, err := c.Get("https://discord.com/api/v9/gateway?x=1")
		if err != nil {
			t.Fatalf("%s: %v", base, err)
		}
		resp.Body.Close()
		want := "GET /api/v9/gateway?x=1"
		if base == srv.URL+"/prefix" {
			want = "GET /prefix/api/v9/gateway?x=1"
		}
		if len(got) != 1 || got[0] != want {
			t.Errorf("base %s: server saw %v, want %s", base, got, want)
		}
	}
	for _, bad := range []string{"", "discord.com", "ftp://x", "http://"} {
		if _, err := newRewriteTransport(bad, nil); err == nil {
			t.Errorf("newRewriteTransport(%q) accepted", bad)
		}
	}
}
