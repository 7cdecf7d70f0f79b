package web

import (
	"io"
	"net/http"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// BenchmarkFirstLoad reports the bytes a browser fetches on first opening a game's page (HTML,
// style sheet, script, game.json and the current board), for a Borneo game after 40 moves.
func BenchmarkFirstLoad(b *testing.B) {
	tb := newTable(b, "borneo", 4, 11)
	for i := 0; i < 40; i++ {
		tb.step()
	}
	paths := []string{"/g/" + tb.token, "/web/static/page.css", "/web/static/page.js", "/g/" + tb.token + "/game.json",
		"/g/" + tb.token + "/board/" + itoa(tb.st.Version()) + ".en.png"}
	var total int
	for i := 0; i < b.N; i++ {
		total = 0
		for _, p := range paths {
			_, body, _ := tb.get(p)
			total += len(body)
		}
	}
	b.ReportMetric(float64(total), "bytes/load")
}

// BenchmarkMoveUnderPageLoad measures a move as the bot makes it — load the game, apply, commit,
// draw the board and encode it — with no page traffic, and with 1,000 requests a second to the
// game's page (HTML and game.json, alternating) on the loopback. ns/op is the move's latency.
func BenchmarkMoveUnderPageLoad(b *testing.B) {
	for _, load := range []int{0, 1000} {
		name := "quiet"
		if load > 0 {
			name = "1000rps"
		}
		b.Run(name, func(b *testing.B) {
			tb := newTable(b, "batavia", 4, 13)
			stop := make(chan struct{})
			var wg sync.WaitGroup
			var served, failed atomic.Int64
			if load > 0 {
				client := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: 64}}
				wg.Add(1)
				go func() {
					defer wg.Done()
					tick := time.NewTicker(time.Second / time.Duration(load))
					defer tick.Stop()
					for n := 0; ; n++ {
						select {
						case <-stop:
							return
						case <-tick.C:
						}
						p := "/g/" + tb.token
						if n%2 == 1 {
							p += "/game.json"
						}
						wg.Add(1)
						go func() {
							defer wg.Done()
							resp, err := client.Get(tb.http.URL + p)
							if err != nil || resp.StatusCode != 200 {
								failed.Add(1)
								if resp != nil {
									resp.Body.Close()
								}
								return
							}
							_, _ = io.Copy(io.Discard, resp.Body)
							resp.Body.Close()
							served.Add(1)
						}()
					}
				}()
				time.Sleep(200 * time.Millisecond)
			}
			served.Store(0)
			start := time.Now()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				row, seats, err := tb.store.GameByID(tb.ctx, tb.row.ID)
				if err != nil {
					b.Fatal(err)
				}
				st, err := tb.game.Load(row.State)
				if err != nil {
					b.Fatal(err)
				}
				tb.st = st
				if !tb.step() {
					b.Fatal("the game ended")
				}
				if _, err := observerPNG(b, tb.st, seats); err != nil {
					b.Fatal(err)
				}
			}
			b.StopTimer()
			el := time.Since(start)
			close(stop)
			wg.Wait()
			if load > 0 {
				b.ReportMetric(float64(served.Load())/el.Seconds(), "pages/s")
				b.ReportMetric(float64(failed.Load()), "failed")
			}
		})
	}
}
