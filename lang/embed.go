package lang

import "embed"

// edge holds the edge's own catalogues: messages/<prefix>.<lang>.yaml, one prefix per package
// that writes text (commands, pace, bot, render) and "rules" for the contract's shared words.
//
//go:embed messages/*.yaml
var edge embed.FS
