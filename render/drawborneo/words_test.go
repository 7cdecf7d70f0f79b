package drawborneo

import (
	"testing"

	"spicebot/render"
	"spicebot/render/rendertest"
	"spicebot/rules"
	"spicebot/rules/borneo"
)

// Every text drawn on the boards and hands of random games, at every player count and with
// every variant, is at least render.MinTextSize, names components in plain words (never an
// internal id such as S12 or H03, never an unexpanded reference), and shows every player's
// name whole, a 32-character one included.
func TestBorneoImagesSpeakPlainWords(t *testing.T) {
	bb := rules.Options{borneo.OptBlackbeard: true}
	setups := []rendertest.Setup{
		{Players: 3, Options: rules.Options{borneo.OptBlackbeard: true, borneo.OptFourMerchants: true}, Seed: 11},
		{Players: 4, Options: bb, Seed: 12},
		{Players: 5, Options: bb, Seed: 13},
		{Players: 3, Seed: 14},
		{Players: 5, Seed: 15},
	}
	stride := 3
	if testing.Short() {
		setups, stride = setups[:3], 25
	}
	smallest, tallest := rendertest.CheckImageTexts(t, newRenderer(t), borneo.Game, setups, stride)
	if smallest < render.MinTextSize {
		t.Errorf("smallest text drawn %v px, want at least %d", smallest, render.MinTextSize)
	}
	t.Logf("smallest text drawn: %v px", smallest)
	if tallest > render.MaxBoardHeight {
		t.Errorf("a board is %d px tall, more than a phone shows (%d)", tallest, render.MaxBoardHeight)
	}
	t.Logf("tallest board: %d px (a phone shows %d)", tallest, render.MaxBoardHeight)
}
