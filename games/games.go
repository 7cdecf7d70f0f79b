// Package games lists every game spicebot hosts: the one place a new game is registered.
package games

import (
	"spicebot/rules"
	"spicebot/rules/borneo"
	"spicebot/rules/spicemerchant"
)

// Registry returns a registry holding every game.
func Registry() *rules.Registry {
	r := &rules.Registry{}
	r.Register(borneo.Game)
	r.Register(spicemerchant.Game)
	return r
}
