package rules

import (
	"fmt"
	"sort"
)

// Registry holds the games the bot can host, by id. The zero value is empty and ready to use.
type Registry struct {
	games map[string]Game
}

// Register adds g. It panics if another game already has g's id: two games with one id is a
// programming error found at start-up.
func (r *Registry) Register(g Game) {
	if r.games == nil {
		r.games = map[string]Game{}
	}
	if _, dup := r.games[g.ID()]; dup {
		panic(fmt.Sprintf("rules: game %q registered twice", g.ID())) // lang:ok
	}
	r.games[g.ID()] = g
}

// Get returns the game with id, or false.
func (r *Registry) Get(id string) (Game, bool) {
	g, ok := r.games[id]
	return g, ok
}

// All returns every registered game, ordered by id.
func (r *Registry) All() []Game {
	out := make([]Game, 0, len(r.games))
	for _, g := range r.games {
		out = append(out, g)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].ID() < out[j].ID() })
	return out
}
