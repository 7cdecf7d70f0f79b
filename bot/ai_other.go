//go:build !linux

package bot

// lowPriority runs fn (elsewhere than Linux, at the normal priority).
func lowPriority(fn func()) { fn() }
