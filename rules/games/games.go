// Package games lists every game spicebot hosts: the one place a new game is registered.
package games

import "spicebot/rules"

// Registry returns a registry holding every game.
func Registry() *rules.Registry {
	r := &rules.Registry{}
	return r
}
