package web

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"spicebot/rules"
)

// A wrong token, a replaced token and a token-shaped guess all give the same plain 404, on every
// address of the page; the new token works.
func TestWrongOrResetTokenIs404(t *testing.T) {
	tb := newTable(t, "borneo", 3, 1)
	tb.step()
	for _, p := range []string{"", "/game.json", "/board/0.en.png", "/events"} {
		if code, _, _ := tb.get("/g/" + tb.token + p); code != 200 {
			t.Fatalf("%s with the token: %d, want 200", p, code)
		}
	}
	_, notFound, _ := tb.get("/g/AAAAAAAAAAAAAAAAAAAAAA")
	fresh, err := tb.srv.ResetLink(tb.ctx, tb.row.ID)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(fresh, "http://example.test/g/") || strings.HasSuffix(fresh, tb.token) {
		t.Fatalf("ResetLink = %q", fresh)
	}
	for _, tok := range []string{tb.token, "AAAAAAAAAAAAAAAAAAAAAA", "short", tb.token + "x"} {
		for _, p := range []string{"", "/game.json", "/board/0.en.png", "/board/1.en.png", "/events"} {
			code, body, _ := tb.get("/g/" + tok + p)
			if code != 404 || !bytes.Equal(body, notFound) {
				t.Errorf("%s%s: %d %q, want the plain 404 %q", tok, p, code, body, notFound)
			}
		}
	}
	newTok := fresh[strings.LastIndex(fresh, "/")+1:]
	if code, _, _ := tb.get("/g/" + newTok); code != 200 {
		t.Fatalf("the new token: %d", code)
	}
	// A board past the last move is not found either.
	if code, _, _ := tb.get("/g/" + newTok + "/board/2.en.png"); code != 404 {
		t.Fatalf("board 2 of 1 move: %d, want 404", code)
	}
}

// The page is in the browser's language: French for Accept-Language fr, English otherwise.
func TestPageLanguage(t *testing.T) {
	tb := newTable(t, "spice-merchant", 3, 2)
	tb.step()
	_, fr, _ := tb.get("/g/"+tb.token, "Accept-Language", "fr-FR,fr;q=0.9,en;q=0.5")
	_, en, _ := tb.get("/g/"+tb.token, "Accept-Language", "de-DE,en;q=0.5")
	_, none, _ := tb.get("/g/" + tb.token)
	if !bytes.Contains(fr, []byte(`<html lang="fr">`)) || !bytes.Contains(fr, []byte("Journal")) {
		t.Errorf("French page: %.300s", fr)
	}
	for _, p := range [][]byte{en, none} {
		if !bytes.Contains(p, []byte(`<html lang="en">`)) || !bytes.Contains(p, []byte(">Log<")) {
			t.Errorf("English page: %.300s", p)
		}
	}
	var m model
	_, js, _ := tb.get("/g/"+tb.token+"/game.json", "Accept-Language", "fr")
	if err := json.Unmarshal(js, &m); err != nil || m.Lang != "fr" || !strings.HasSuffix(m.Steps[1].Board, ".fr.png") {
		t.Fatalf("French JSON: %v %+v", err, m)
	}
}

// The page shows the current state: who must act, the log by move, the link to the board
// message; game.json has one step per move with its board address; a finished game shows the
// results and the recap.
func TestPageShowsTheGame(t *testing.T) {
	tb := newTable(t, "batavia", 3, 3)
	for i := 0; i < 5; i++ {
		tb.step()
	}
	var m model
	code, js, _ := tb.get("/g/" + tb.token + "/game.json")
	if code != 200 || json.Unmarshal(js, &m) != nil {
		t.Fatalf("game.json: %d %s", code, js)
	}
	if m.Version != 5 || len(m.Steps) != 6 || m.Steps[5].Board != tb.token+"/board/5.en.png" {
		t.Fatalf("steps: v=%d, %d steps, last %+v", m.Version, len(m.Steps), m.Steps[len(m.Steps)-1])
	}
	if len(m.Acting) != len(tb.st.Active()) || m.Status == "" || m.Over {
		t.Fatalf("acting %+v, status %q", m.Acting, m.Status)
	}
	if !strings.Contains(m.Discord, "https://discord.com/channels/g1/c1") {
		t.Fatalf("discord link %q", m.Discord)
	}
	_, html, _ := tb.get("/g/" + tb.token)
	for _, want := range []string{"Batavia", `id="slider"`, `max="5"`, "board/5.en.png", "Ann", "Move 5"} {
		if !bytes.Contains(html, []byte(want)) {
			t.Errorf("page lacks %q", want)
		}
	}
	for tb.step() {
	}
	_, js, _ = tb.get("/g/" + tb.token + "/game.json")
	m = model{}
	if err := json.Unmarshal(js, &m); err != nil {
		t.Fatal(err)
	}
	out, _ := tb.st.Outcome()
	if !m.Over || m.Results == nil || len(m.Results.Rows) != 3 || !m.Results.Rows[0].Won || len(m.Acting) != 0 {
		t.Fatalf("finished: %+v", m.Results)
	}
	if len(out.Recap) > 0 && len(m.Results.Recap) != len(out.Recap) {
		t.Fatalf("recap %v, want %d lines", m.Results.Recap, len(out.Recap))
	}
	_, html, _ = tb.get("/g/" + tb.token)
	if !bytes.Contains(html, []byte("Results")) || bytes.Contains(html, []byte(`id="results" aria-labelledby="results-h" hidden`)) {
		t.Fatalf("finished page does not show its results")
	}
	_ = rules.Observer
}
