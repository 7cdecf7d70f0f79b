package drawspicemerchant

import (
	"testing"

	"spicebot/render"
	"spicebot/render/rendertest"
	"spicebot/rules/spicemerchant"
)

// Every text drawn on the boards and hands of random games at every player count is at least
// render.MinTextSize, names cards in plain words (never an internal id, never an unexpanded
// reference), and shows every player's name whole, a 32-character one included; and every
// board posted (not full) fits a phone (render.MaxBoardHeight).
func TestSpiceMerchantImagesSpeakPlainWords(t *testing.T) {
	setups := []rendertest.Setup{{Players: 3, Seed: 21}, {Players: 4, Seed: 22}, {Players: 3, Seed: 23}, {Players: 4, Seed: 24}}
	stride := 3
	if testing.Short() {
		setups, stride = setups[:2], 15
	}
	smallest, tallest := rendertest.CheckImageTexts(t, newRenderer(t), spicemerchant.Game, setups, stride)
	if smallest < render.MinTextSize {
		t.Errorf("smallest text drawn %v px, want at least %d", smallest, render.MinTextSize)
	}
	t.Logf("smallest text drawn: %v px", smallest)
	if tallest > render.MaxBoardHeight {
		t.Errorf("a board is %d px tall, more than a phone shows (%d)", tallest, render.MaxBoardHeight)
	}
}
