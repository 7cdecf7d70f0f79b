package data

import (
	"context"
	"fmt"
	"strings"
	"testing"
)

// benchState is a state blob about the size of a mid-game Borneo state.
var benchState = []byte(`{"cards":"` + strings.Repeat("S12,", 1000) + `"}`)

// BenchmarkCommitMove measures one move: version check, state save, move append and two outbox
// items, in one committed transaction on a WAL database file.
func BenchmarkCommitMove(b *testing.B) {
	ctx := context.Background()
	s, _ := openTest(b)
	g := playing(b, s, "c1", 4)
	outbox := []OutboxItem{
		{Kind: "board", Target: "c1", Payload: `{"image":true}`},
		{Kind: "dm", Target: "u1", Payload: `{"hand":"S1 S2 S3"}`},
	}
	b.SetBytes(int64(len(benchState)))
	b.ResetTimer()
	for v := 0; v < b.N; v++ {
		if _, err := s.CommitMove(ctx, g.ID, v, Move{Seat: v % 4, Move: fmt.Sprintf("ship S%d H03", v%60), UserID: "u1"},
			benchState, v+1, StatusPlaying, outbox); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkCurrent measures loading a channel's game with its seats (one read transaction).
func BenchmarkCurrent(b *testing.B) {
	ctx := context.Background()
	s, _ := openTest(b)
	g := playing(b, s, "c1", 4)
	if _, err := s.CommitMove(ctx, g.ID, 0, Move{Seat: 0, Move: "pass"}, benchState, 1, StatusPlaying, nil); err != nil {
		b.Fatal(err)
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, _, err := s.Current(ctx, "c1"); err != nil {
			b.Fatal(err)
		}
	}
}
