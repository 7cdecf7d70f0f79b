// Package games is the one list of the games spicebot hosts. Each entry holds a game's rules
// (rules.Game, package rules/<game>) and its drawer (render.Drawer, package render/draw<game>);
// adding a game is adding one line to List and touches no other shared file.
package games

import (
	"fmt"

	"spicebot/render"
	"spicebot/render/drawbatavia"
	"spicebot/render/drawborneo"
	"spicebot/render/drawdei"
	"spicebot/render/drawspicemerchant"
	"spicebot/rules"
	"spicebot/rules/batavia"
	"spicebot/rules/borneo"
	"spicebot/rules/dei"
	"spicebot/rules/spicemerchant"
)

// List returns every game, one entry per game: its rules and its drawer.
func List() []render.Game {
	return []render.Game{
		{Rules: borneo.Game, Draw: drawborneo.Drawer},
		{Rules: spicemerchant.Game, Draw: drawspicemerchant.Drawer},
		{Rules: batavia.Game, Draw: drawbatavia.Drawer},
		{Rules: dei.Game, Draw: drawdei.Drawer},
	}
}

// Registry returns a rules registry holding every game of List. It panics if two games share an
// id (a programming error found at start-up).
func Registry() *rules.Registry {
	r := &rules.Registry{}
	for _, g := range List() {
		r.Register(g.Rules)
	}
	return r
}

// Renderer returns a renderer that draws every game of List. It returns an error only if the
// embedded fonts fail to parse or the list is malformed.
func Renderer() (*render.Renderer, error) {
	r, err := render.New(List())
	if err != nil {
		return nil, fmt.Errorf("games renderer: %w", err)
	}
	return r, nil
}
