package drawbatavia

import (
	"testing"

	"spicebot/render"
	"spicebot/render/rendertest"
	"spicebot/rules"
	"spicebot/rules/batavia"
)

// Every text drawn on the boards and hands of random games at every player count, with and
// without quick-start, is at least render.MinTextSize, names components in plain words (never an
// internal id, never an unexpanded reference), and shows every player's name whole, a
// 32-character one included.
func TestBataviaImagesSpeakPlainWords(t *testing.T) {
	quick := rules.Options{batavia.OptQuickStart: true}
	setups := []rendertest.Setup{{Players: 3, Seed: 21}, {Players: 4, Seed: 22, Options: quick}, {Players: 5, Seed: 23},
		{Players: 3, Seed: 24, Options: quick}, {Players: 4, Seed: 25}, {Players: 5, Seed: 26, Options: quick}}
	stride := 5
	if testing.Short() {
		setups, stride = setups[:3], 30
	}
	smallest := rendertest.CheckImageTexts(t, newRenderer(t), batavia.Game, setups, stride)
	if smallest < render.MinTextSize {
		t.Errorf("smallest text drawn %v px, want at least %d", smallest, render.MinTextSize)
	}
	t.Logf("smallest text drawn: %v px", smallest)
}
