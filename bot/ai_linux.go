//go:build linux

package bot

import (
	"runtime"
	"syscall"
)

// aiNice is the scheduling niceness of the OS thread an AI search runs on (Linux): the kernel
// prefers the bot's other threads (interactions, the outbox) when a CPU is contended.
const aiNice = 10

// lowPriority runs fn on an OS thread of its own whose niceness is aiNice; the thread is
// discarded afterwards (a goroutine that ends while locked to its thread ends the thread), so
// no other goroutine ever runs at that priority.
func lowPriority(fn func()) {
	done := make(chan struct{})
	go func() {
		defer close(done)
		runtime.LockOSThread() // never unlocked: the thread ends with the goroutine
		_ = syscall.Setpriority(syscall.PRIO_PROCESS, syscall.Gettid(), aiNice)
		fn()
	}()
	<-done
}
