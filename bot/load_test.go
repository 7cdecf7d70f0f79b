package bot_test

import (
	"fmt"
	"math/rand/v2"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"spicebot/bot/discordtest"
	"spicebot/render/rendertest"
)

// boardSeen is a board message showing a version (-1: the final board, without buttons).
type boardSeen struct {
	version int
	at      time.Time
}

// BenchmarkLoad100Channels plays Borneo in 100 channels at once on the loopback Discord. In each
// channel a player makes a random legal move with /play as soon as the board of the previous move
// has appeared (think=0: every channel busy, the bot saturated: this measures moves per second),
// or after thinking 2.5–7.5 s (think=5s: a busy evening of live games, about 20 moves per second
// in all: this measures the board latency players see). It reports the board
// latency — from the move's interaction to its board posted or edited in the channel, rendered and
// uploaded — as p50/p99 in ms, the moves per second over all channels, and the process's CPU
// time per move (cpu-ms/move, which a busy shared machine distorts least). b.N is the number of
// moves in all; set it with -benchtime=2000x (setting up 100 games takes a few seconds).
func BenchmarkLoad100Channels(b *testing.B) {
	for _, think := range []time.Duration{0, 2 * time.Second, 5 * time.Second} {
		b.Run(fmt.Sprint("think=", think), func(b *testing.B) { benchLoad(b, 100, think) })
	}
}

func benchLoad(b *testing.B, channels int, think time.Duration) {
	r := newRig(b, nil)
	boards := map[string]chan boardSeen{}
	var tables []table
	for i := range channels {
		ch := fmt.Sprint(960100000000000000 + i)
		boards[ch] = make(chan boardSeen, 256)
		tables = append(tables, table{channel: ch})
	}
	r.srv.Watch(func(m discordtest.Message, _ bool) {
		if c, ok := boards[m.ChannelID]; ok && isBoard(m) {
			select {
			case c <- boardSeen{version: boardVersion(m), at: time.Now()}:
			default:
			}
		}
	})
	for i := range tables {
		tables[i] = r.startGame(tables[i].channel, 3, uint64(1000+i))
	}
	for _, tb := range tables { // the first boards
		waitBoard(b, boards[tb.channel], 0, nil)
	}
	var (
		moves atomic.Int64
		mu    sync.Mutex
		lat   []time.Duration
		wg    sync.WaitGroup
	)
	b.ResetTimer()
	start, cpu := time.Now(), rendertest.CPUTime()
	for i, tb := range tables {
		wg.Add(1)
		go func() {
			defer wg.Done()
			rng := rand.New(rand.NewPCG(uint64(i), 99))
			if think > 0 {
				// Players of live games are not in step: each channel's first move comes
				// after a random part of a think time, as every later one does (without
				// this, all 100 channels move at the same instant once, a burst of a
				// tenth of the moves measured that no evening of play produces).
				time.Sleep(time.Duration(rng.Int64N(int64(think))))
			}
			for moves.Add(1) <= int64(b.N) {
				user, move, v, ok := r.randomMove(tb, rng)
				if !ok {
					return
				}
				drain(boards[tb.channel])
				t0 := time.Now()
				r.play(tb, user, move)
				seen, ok := waitBoard(b, boards[tb.channel], v+1, func() bool {
					_, over := r.state(tb.game).Outcome()
					return over
				})
				if !ok {
					return
				}
				mu.Lock()
				lat = append(lat, seen.at.Sub(t0))
				mu.Unlock()
				if think > 0 {
					time.Sleep(think/2 + rand.N(think))
				}
			}
		}()
	}
	wg.Wait()
	elapsed, cpuUsed := time.Since(start), rendertest.CPUTime()-cpu
	b.StopTimer()
	reportLatencies(b, lat)
	b.ReportMetric(float64(len(lat))/elapsed.Seconds(), "moves/s")
	if len(lat) > 0 {
		// The process's CPU time per move (bot, loopback Discord and players together): steadier
		// than the wall-clock figures on a shared machine, and with the number of cores it
		// bounds the moves per second a quiet machine can sustain.
		b.ReportMetric(float64(cpuUsed.Microseconds())/1000/float64(len(lat)), "cpu-ms/move")
	}
}

// drain drops the board events already seen (edits of a board already counted).
func drain(feed <-chan boardSeen) {
	for {
		select {
		case <-feed:
		default:
			return
		}
	}
}

// waitBoard waits for a board of version v or later in a channel's feed, or a board without
// buttons once over reports the game over.
func waitBoard(b *testing.B, feed <-chan boardSeen, v int, over func() bool) (boardSeen, bool) {
	timeout := time.After(60 * time.Second)
	for {
		select {
		case s := <-feed:
			if s.version >= v || s.version < 0 && over != nil && over() {
				return s, true
			}
		case <-timeout:
			b.Errorf("no board of version %d within 60 s", v)
			return boardSeen{}, false
		}
	}
}

// BenchmarkMoveAck measures how soon a move is acknowledged: from a /play interaction's dispatch
// to its initial response received by the loopback Discord (Discord's 3 s deadline applies to
// this), in one channel at a time. It reports p50/p99 in ms.
func BenchmarkMoveAck(b *testing.B) {
	r := newRig(b, nil)
	tb := r.startGame("961000000000000001", 3, 5)
	rng := rand.New(rand.NewPCG(5, 5))
	ctx := within(b, 10*time.Minute)
	ds := make([]time.Duration, 0, b.N)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		user, move, _, ok := r.randomMove(tb, rng)
		if !ok {
			b.StopTimer()
			tb = r.startGame(fmt.Sprint(961000000000000002+i), 3, uint64(6+i))
			b.StartTimer()
			continue
		}
		t0 := time.Now()
		ix := r.play(tb, user, move)
		if _, err := ix.Response(ctx); err != nil {
			b.Fatal(err)
		}
		ds = append(ds, time.Since(t0))
		b.StopTimer()
		if _, err := ix.Final(ctx); err != nil {
			b.Fatal(err)
		}
		b.StartTimer()
	}
	b.StopTimer()
	reportLatencies(b, ds)
}
