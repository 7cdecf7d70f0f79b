package spicemerchant

import (
	"embed"
	"io/fs"
)

// catalogue holds the game's message catalogues (rules.Game.Messages): messages/spice-merchant.en.yaml and
// messages/spice-merchant.fr.yaml.
//
//go:embed messages/*.yaml
var catalogue embed.FS

// Messages returns the game's English and French message catalogues (rules.Game.Messages).
func (game) Messages() fs.FS {
	sub, err := fs.Sub(catalogue, "messages")
	if err != nil {
		panic(err) // the embedded directory exists: a build error otherwise
	}
	return sub
}
