package drawspicemerchant

import (
	"testing"

	"spicebot/render"
	"spicebot/render/rendertest"
	"spicebot/rules/spicemerchant"
)

// Every text drawn on the boards and hands of random games at every player count is at least
// render.MinTextSize, names cards in plain words (never an internal id, never an unexpanded
// reference), and shows every player's name whole, a 32-character one included.
func TestSpiceMerchantImagesSpeakPlainWords(t *testing.T) {
	setups := []rendertest.Setup{{Players: 3, Seed: 21}, {Players: 4, Seed: 22}, {Players: 3, Seed: 23}, {Players: 4, Seed: 24}}
	stride := 3
	if testing.Short() {
		setups, stride = setups[:2], 15
	}
	smallest := rendertest.CheckImageTexts(t, newRenderer(t), spicemerchant.Game, setups, stride)
	if smallest < render.MinTextSize {
		t.Errorf("smallest text drawn %v px, want at least %d", smallest, render.MinTextSize)
	}
	t.Logf("smallest text drawn: %v px", smallest)
}
