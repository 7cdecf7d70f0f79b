package dei

import (
	"embed"
	"io/fs"
)

// catalogue holds the game's message catalogues: messages/dutch-east-indies.en.yaml and
// messages/dutch-east-indies.fr.yaml.
//
//go:embed messages/*.yaml
var catalogue embed.FS

// Messages returns the game's English and French message catalogues (rules.Game.Messages).
func (game) Messages() fs.FS { return catalogue }
