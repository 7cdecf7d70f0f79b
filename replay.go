package main

import (
	"fmt"
	"io"
	"os"
	"strings"

	"spicebot/commands"
	"spicebot/rules"
)

// replayFile is `spicebot sim --replay FILE`: it reads an export of a finished game (/game
// export, commands.Export), replays its moves from its setup and seed with rules.Replay, checks
// that the final state is the exported one (version and SHA-256 of its JSON) and prints the
// outcome. Errors: an unreadable file or export, a move that does not replay, a final state that
// differs.
func replayFile(path string, stdout io.Writer, reg *rules.Registry) error {
	b, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	e, err := commands.ReadExport(b)
	if err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	st, err := e.Replay(reg)
	if err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	names := make([]string, st.Players())
	for i := range names {
		names[i] = fmt.Sprintf("seat %d", i+1)
	}
	for _, s := range e.Seats {
		if s.Seat >= 0 && s.Seat < len(names) && s.Name != "" {
			names[s.Seat] = s.Name
		}
	}
	fmt.Fprintf(stdout, "%s: %d players, %d moves replayed; final state matches the export (version %d, sha256 %s)\n",
		e.Title, e.Players, len(e.Moves), st.Version(), e.Final.StateSHA256[:16])
	out, over := st.Outcome()
	if !over {
		fmt.Fprintln(stdout, "the game is not over")
		return nil
	}
	var winners []string
	for _, w := range out.Winners {
		winners = append(winners, names[w])
	}
	fmt.Fprintf(stdout, "winner: %s\n", strings.Join(winners, " & "))
	for i, sc := range out.Scores {
		fmt.Fprintf(stdout, "  %s: %d\n", names[i], sc)
	}
	return nil
}
