package batavia

import (
	"testing"

	"spicebot/rules"
)

// TestDescribeBatch: ships laid out together read as counts, the closing "done" left out; one
// ship or another kind of move reads as its own label (issue 26, item 5).
func TestDescribeBatch(t *testing.T) {
	s := &State{}
	mv := func(texts ...string) []rules.Move {
		var out []rules.Move
		for _, x := range texts {
			m, err := parseMove(x)
			if err != nil {
				t.Fatal(err)
			}
			out = append(out, m)
		}
		return out
	}
	for _, c := range []struct {
		moves []string
		want  string
	}{
		{[]string{"lay B1", "lay B2", "lay B3", "done"}, "Lay out 3 British ships"},
		{[]string{"lay B1", "lay B2", "lay S1"}, "Lay out 2 British and 1 Swedish ships"},
		{[]string{"lay B1", "done"}, ""},
		{[]string{"bid 4", "lay B1"}, ""},
	} {
		if got := english(s.DescribeBatch(0, mv(c.moves...))); got != c.want {
			t.Errorf("%v: %q, want %q", c.moves, got, c.want)
		}
	}
}
