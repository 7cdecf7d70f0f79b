package drawborneo

import (
	"fmt"
	"image"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"unicode"

	"go.yaml.in/yaml/v2"

	"spicebot/render/rendertest"
	"spicebot/rules"
	"spicebot/rules/borneo"
)

// catalogueWords returns the lower-case words (two letters or more) of every message of the
// Borneo catalogue and the render kit's in language tag, template arguments left out.
func catalogueWords(t *testing.T, tag string) map[string]bool {
	t.Helper()
	data, err := fs.ReadFile(borneo.Game.Messages(), "messages/borneo."+tag+".yaml")
	if err != nil {
		t.Fatal(err)
	}
	kit, err := os.ReadFile(filepath.Join("..", "..", "lang", "messages", "render."+tag+".yaml"))
	if err != nil {
		t.Fatal(err)
	}
	var msgs, kitMsgs map[string]any
	if err := yaml.Unmarshal(data, &msgs); err != nil {
		t.Fatal(err)
	}
	if err := yaml.Unmarshal(kit, &kitMsgs); err != nil {
		t.Fatal(err)
	}
	for k, v := range kitMsgs {
		msgs[k] = v
	}
	out := map[string]bool{}
	var add func(v any)
	add = func(v any) {
		switch v := v.(type) {
		case string:
			for _, w := range wordsOf(templateArg.ReplaceAllString(v, " ")) {
				out[w] = true
			}
		case map[any]any:
			for _, x := range v {
				add(x)
			}
		}
	}
	for _, v := range msgs {
		add(v)
	}
	return out
}

var templateArg = regexp.MustCompile(`\{\{[^}]*\}\}`)

// wordsOf splits text into its lower-case words of two letters or more.
func wordsOf(text string) []string {
	var out []string
	for _, w := range strings.FieldsFunc(text, func(r rune) bool { return !unicode.IsLetter(r) }) {
		if len([]rune(w)) >= 2 {
			out = append(out, strings.ToLower(w))
		}
	}
	return out
}

// kitEnglish are texts the render kit draws that the test leaves to the kit: none, since the
// kit's words are in its catalogue (render.*), which catalogueWords reads.
var kitEnglish []string

// French images: the boards and hands of a French game, through its phases to the final
// scores, draw French words only — every word drawn is a French catalogue word, a player's or a
// harbour's name, or a number; no word of the English catalogue that French does not share.
func TestBorneoFrenchImages(t *testing.T) {
	en, fr := catalogueWords(t, "en"), catalogueWords(t, "fr")
	r := newRenderer(t)
	texts := rendertest.Trace(r)
	defer r.TraceText(nil)
	fren := r.In("fr")
	names := []string{"Amélie", rendertest.LongName, "Chandra", "Dmitri"}
	allowed := map[string]bool{}
	for _, n := range names {
		for _, w := range wordsOf(n) {
			allowed[w] = true
		}
	}
	for i := 1; i <= 14; i++ {
		for _, w := range wordsOf(borneo.Game.Term(fmt.Sprintf("H%02d", i))) {
			allowed[w] = true // harbour names are proper nouns
		}
	}
	check := func(where string) {
		t.Helper()
		for _, d := range texts.Check(t, where) {
			text := d.Text
			for _, p := range kitEnglish {
				if strings.HasPrefix(text, p) {
					text = strings.TrimPrefix(text, p)
					if !strings.HasSuffix(p, " ") {
						text = "" // a title the kit draws
					}
				}
			}
			for _, w := range wordsOf(text) {
				if en[w] && !fr[w] && !allowed[w] {
					t.Errorf("%s: %q has the English word %q", where, d.Text, w)
				}
			}
		}
	}
	st, err := borneo.Game.New(4, rules.Options{borneo.OptBlackbeard: true}, 5)
	if err != nil {
		t.Fatal(err)
	}
	seen := map[string]bool{}
	draw := func(step int) {
		obs := asView(t, st.View(rules.Observer))
		kind := "mid"
		switch {
		case obs.Outcome != nil:
			kind = "over"
		case obs.Fight != nil:
			kind = "fight"
		case obs.Distribution != nil:
			kind = "distribution"
		case obs.Payment != nil:
			kind = "payment"
		case step < 40:
			return
		}
		if seen[kind] {
			return
		}
		seen[kind] = true
		board, err := fren.Board(obs, names)
		if err != nil {
			t.Fatal(err)
		}
		check("French board " + kind)
		save(t, "fr-board-"+kind, board, bW)
		seat := rules.Seat(1) // the long name
		if len(obs.Active) > 0 {
			seat = obs.Active[0]
		}
		hand, err := fren.Hand(st.View(seat), names)
		if err != nil {
			t.Fatal(err)
		}
		check("French hand " + kind)
		save(t, "fr-hand-"+kind, hand, hW)
	}
	rng := rules.NewRNG(5)
	step := 0
	if _, err := rules.Playout(st, &rng, 5000, func(rules.Record) error {
		step++
		draw(step)
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	for _, kind := range []string{"mid", "fight", "distribution", "payment", "over"} {
		if !seen[kind] {
			t.Errorf("the game never showed a %s", kind)
		}
	}
	// The hand-built views: every panel at once, with the variants.
	// Their texts are rules text, as a state's view holds.
	status := rules.Msg("borneo.status", "Seat", rules.SeatRef(1), "Task", rules.Msg("borneo.task.ship"))
	v := payment(distribution(fight(midGame(4))))
	v.FourMerchants = true
	v.Status, v.LastMove = status, rules.Msg("borneo.log.ship", "Seat", rules.SeatRef(0), "Card", rules.Ref("S07"), "Harbour", rules.Ref("H01"))
	v.Payment.Remaining = rules.Msg("borneo.owed.spice", "N", 2, "Spice", rules.Msg("borneo.spice.pepper"))
	board, err := fren.Board(&v, names)
	if err != nil {
		t.Fatal(err)
	}
	check("French hand-built board")
	save(t, "fr-board-panels", board, bW)
	hv := withHand(midGame(4), 2)
	hv.Status = status
	hv.Active = []rules.Seat{2}
	hand, err := fren.Hand(&hv, names)
	if err != nil {
		t.Fatal(err)
	}
	check("French hand-built hand")
	save(t, "fr-hand-panels", hand, hW)
}

// save encodes img, checks its width and size, and writes it with rendertest.Save (flag
// -render.out).
func save(t *testing.T, name string, img image.Image, w int) {
	t.Helper()
	data, err := Drawer.Palette().EncodePNG(img)
	if err != nil {
		t.Fatal(err)
	}
	rendertest.Decode(t, data, w)
	rendertest.Save(t, name, data)
}
