package render

import (
	"strconv"
	"testing"

	"spicebot/lang"
)

// TestPlayerColourNames: the words that name a seat's colour in texts ("you play third (cyan)",
// catalogue "render.player.colour.N") name the colours the kit draws: a change of the palette
// must change the words (issue 26, item 5).
func TestPlayerColourNames(t *testing.T) {
	want := map[string]string{"purple": "8e44ad", "orange": "f38b12", "cyan": "17a8b8", "pink": "e84393", "black": "3b3b3b"}
	en := lang.MustNew().For("en")
	for i := range playerColours {
		name := en.T("render.player.colour." + strconv.Itoa(i))
		c := PlayerColour(i)
		hex := strconv.FormatUint(uint64(c.R)<<16|uint64(c.G)<<8|uint64(c.B), 16)
		for len(hex) < 6 {
			hex = "0" + hex
		}
		if want[name] != hex {
			t.Errorf("seat %d is drawn #%s but named %q", i, hex, name)
		}
	}
}
