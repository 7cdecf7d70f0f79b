package render

import (
	"fmt"
	"strings"
	"testing"

	"spicebot/rules"
)

func newRenderer(t testing.TB) *Renderer {
	t.Helper()
	r, err := New(nil)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// termGame is a rules.Game that knows only its id and one component's words.
type termGame struct{ rules.Game }

func (termGame) ID() string { return "term" }
func (termGame) Term(id string) string {
	if id == "S12" {
		return "cinnamon ×2"
	}
	return ""
}

func TestSeatLabels(t *testing.T) {
	tests := []struct {
		names     []string
		n         int
		display   []string
		initials  []string
		nameOfTwo string
	}{
		{[]string{"alice", "Bob", "carl"}, 3, []string{"alice", "Bob", "carl"}, []string{"A", "B", "C"}, ""},
		{[]string{"Anna", "Alice", "Bob"}, 3, []string{"Anna", "Alice", "Bob"}, []string{"An", "Al", "B"}, ""},
		{[]string{"Sam", "Sam", ""}, 3, []string{"Sam", "Sam", "Player 3"}, []string{"1", "2", "P"}, ""},
		{[]string{"🙂", "  "}, 3, []string{"🙂", "Player 2", "Player 3"}, []string{"1", "2", "3"}, ""},
	}
	for _, tc := range tests {
		d, in := seatLabels(tc.names, tc.n)
		if fmt.Sprint(d) != fmt.Sprint(tc.display) || fmt.Sprint(in) != fmt.Sprint(tc.initials) {
			t.Errorf("seatLabels(%q) = %q, %q; want %q, %q", tc.names, d, in, tc.display, tc.initials)
		}
	}
}

func TestExpandNames(t *testing.T) {
	r := newRenderer(t)
	k := r.NewKit(termGame{}, []string{"Ann", "Bo"})
	got := k.Expand("{0} attacks {1} with [[S12]]; {7} waits by [[X]]")
	if want := "Ann attacks Bo with cinnamon ×2; Player 8 waits by "; got != want {
		t.Errorf("Expand = %q, want %q", got, want)
	}
}

func TestWrapAndFit(t *testing.T) {
	r := newRenderer(t)
	c := r.canvas(1, 1)
	st := Style{Size: 14}
	lines := c.Wrap("the quick brown fox jumps over the lazy dog", 80, st)
	if len(lines) < 3 {
		t.Errorf("wrap gave %d lines %q, want at least 3", len(lines), lines)
	}
	for _, ln := range lines {
		if c.Measure(ln, st) > 80 {
			t.Errorf("line %q is %.0f px, wider than 80", ln, c.Measure(ln, st))
		}
	}
	if got := strings.Join(lines, " "); got != "the quick brown fox jumps over the lazy dog" {
		t.Errorf("wrap lost words: %q", got)
	}
	long := c.Wrap("Supercalifragilisticexpialidocious", 60, st)
	if len(long) < 2 {
		t.Errorf("long word not broken: %q", long)
	}
	fit := c.Fit("Eleanor Rigby-Smythe", 70, st)
	if c.Measure(fit, st) > 70 || !strings.HasSuffix(fit, "…") {
		t.Errorf("Fit gave %q (%.0f px)", fit, c.Measure(fit, st))
	}
	if got := c.Fit("Bo", 70, st); got != "Bo" {
		t.Errorf("Fit shortened a short name: %q", got)
	}
}
