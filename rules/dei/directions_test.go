package dei

import (
	"strings"
	"testing"
)

// Issue 26 item 3 (package doc, "Directions"): every sail and turn label names its direction in the
// board picture's frame, with the arrow of the same direction — never a screen arrow beside a
// ship-relative word ("→ left").
func TestDirectionsOneFrame(t *testing.T) {
	s := quiet(t, 3)
	place(s, 0, Big, Square{6, 2}, 4) // open sea, facing down
	words := map[Direction]string{0: "↑ up", 1: "↗ up-right", 2: "→ right", 3: "↘ down-right", 4: "↓ down", 5: "↙ down-left", 6: "← left", 7: "↖ up-left"}
	seen := 0
	for _, mv := range s.Legal(0) {
		m := mv.(Move)
		if m.Ship != Big || m.Kind != KSail && m.Kind != KTurn {
			continue
		}
		label := english(s.Describe(0, m).Label)
		if !strings.Contains(label, words[m.Dir]+" (") {
			t.Errorf("%s: label %q does not name %q", m, label, words[m.Dir])
		}
		for _, rel := range []string{"forward", "back"} {
			if strings.Contains(label, rel) {
				t.Errorf("%s: label %q speaks in the ship's frame", m, label)
			}
		}
		seen++
	}
	if seen < 10 {
		t.Fatalf("%d sail and turn moves labelled, want 10 or more", seen)
	}
}
