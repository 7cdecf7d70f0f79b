package bot_test

import (
	"bytes"
	"context"
	"math/rand/v2"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"spicebot/ai"
	"spicebot/bot"
	"spicebot/bot/discordtest"
	"spicebot/data"
	"spicebot/rules"
)

// aiRecorder wraps the AI in the tests: it checks that every state the bot gives the AI is exactly
// the stored state determinized for the deciding seat with the seed it is given (so the AI sees
// nothing its seat may not know), counts the decisions, and plays with the wrapped Decider.
type aiRecorder struct {
	t     testing.TB
	h     *harness
	inner bot.Decider

	mu sync.Mutex
	// calls counts decisions by seat; checked counts states compared with the stored state,
	// differ those whose hidden parts differed from the real ones.
	calls           map[rules.Seat]int
	checked, differ int
}

func (r *aiRecorder) Decide(ctx context.Context, st rules.State, seat rules.Seat, level string, seed uint64) (rules.Move, error) {
	r.mu.Lock()
	r.calls[seat]++
	r.mu.Unlock()
	if r.h.store != nil && r.h.lastGame != 0 {
		row, _, err := r.h.store.GameByID(context.Background(), r.h.lastGame)
		if err == nil && row.Version == st.Version() {
			real := r.h.load(row)
			want, _ := rules.Marshal(real.Determinize(seat, seed))
			got, _ := rules.Marshal(st)
			full, _ := rules.Marshal(real)
			r.mu.Lock()
			r.checked++
			if !bytes.Equal(got, full) {
				r.differ++
			}
			r.mu.Unlock()
			if !bytes.Equal(got, want) {
				r.t.Errorf("the AI of seat %d was given a state other than the stored one determinized for it (version %d)", seat, st.Version())
			}
		}
	}
	return r.inner.Decide(ctx, st, seat, level, seed)
}

// aiDelayMin and aiDelayMax are the AI's delays in these tests (2–6 s in the bot).
const (
	aiDelayMin = 30 * time.Millisecond
	aiDelayMax = 90 * time.Millisecond
)

// newAIHarness is a harness whose bot plays AI seats through rec, with short delays.
func newAIHarness(t *testing.T, users int) (*harness, *aiRecorder) {
	rec := &aiRecorder{t: t, inner: testAI, calls: map[rules.Seat]int{}}
	h := newHarnessWith(t, users, func(c *bot.Config) {
		c.AI, c.AIDelayMin, c.AIDelayMax = rec, aiDelayMin, aiDelayMax
	})
	rec.h = h
	return h, rec
}

// testAI is the AI the end-to-end tests play with: package ai at the easy level capped at 12
// search iterations, whatever the seat's level, to keep the tests fast.
var testAI bot.Decider = bot.DeciderFunc(func(ctx context.Context, st rules.State, seat rules.Seat, _ string, seed uint64) (rules.Move, error) {
	return ai.Player{Level: ai.Easy, Iterations: 12}.Decide(ctx, st, seat, seed)
})

// playWithAI plays the channel's game until it is over or until(v) is true at a version v: when
// an active seat with a move is a human's (not one the AI plays), that player moves — through the
// decision menu when no seat the AI plays is active too, else with /play (a decision made at the
// same time as the AI's may find the board moved on, and then it is made again); otherwise the
// test waits for the AI to move. aiPlays reports the seats the AI plays now. It returns the
// version reached.
func (h *harness) playWithAI(rng *rand.Rand, maxMoves int, aiPlays func() map[rules.Seat]bool, until func(v int) bool, tick func()) int {
	h.t.Helper()
	for {
		_, seats, st := h.stateByID()
		v := st.Version()
		if _, over := st.Outcome(); over || (until != nil && until(v)) {
			return v
		}
		if v > maxMoves {
			h.t.Fatalf("game still running after %d moves", maxMoves)
		}
		ai := aiPlays()
		userOf := map[rules.Seat]string{}
		for _, s := range seats {
			userOf[rules.Seat(s.Seat)] = s.UserID
		}
		var humans []rules.Seat
		aiActive := false
		for _, s := range st.Active() {
			if len(st.Legal(s)) == 0 {
				continue
			}
			if ai[s] {
				aiActive = true
			} else {
				humans = append(humans, s)
			}
		}
		if len(humans) == 0 {
			if !aiActive {
				h.t.Fatalf("version %d: no active seat has a move", v)
			}
			h.waitVersionAfter(v, tick)
			continue
		}
		seat := humans[rng.IntN(len(humans))]
		user := userOf[seat]
		if !aiActive {
			h.playTurn(user, h.boardAt(v), nil, rng)
			continue
		}
		legal := st.Legal(seat)
		r := h.final(h.srv.Command(user, h.channel, "play", discordtest.Str("move", legal[rng.IntN(len(legal))].String())))
		if !r.Ephemeral {
			h.t.Fatalf("/play answered publicly: %q", r.Content)
		}
	}
}

// waitVersionAfter waits until the stored game has moved past version v (the AI played); tick,
// when set, is called at every look (it moves a manual clock on).
func (h *harness) waitVersionAfter(v int, tick func()) {
	h.t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for time.Now().Before(deadline) {
		row, _, err := h.store.GameByID(context.Background(), h.lastGame)
		if err != nil {
			h.t.Fatal(err)
		}
		if row.Version != v || row.Status != data.StatusPlaying {
			return
		}
		if tick != nil {
			tick()
		}
		time.Sleep(10 * time.Millisecond)
	}
	h.t.Fatalf("the AI did not move at version %d", v)
}

// aiSeatsOf returns the seats held by AI users.
func aiSeatsOf(seats []data.Seat) map[rules.Seat]bool {
	out := map[rules.Seat]bool{}
	for _, s := range seats {
		if strings.HasPrefix(s.UserID, "ai:") {
			out[rules.Seat(s.Seat)] = true
		}
	}
	return out
}

// checkNoAIContact fails when the bot sent anything to an AI seat's user id or pinged one: every
// request to Discord is scanned for "ai:".
func checkNoAIContact(t *testing.T, h *harness) {
	t.Helper()
	for _, r := range h.srv.Requests() {
		if bytes.Contains(r.Body, []byte(`"ai:`)) || bytes.Contains(r.Body, []byte(`<@ai:`)) || strings.Contains(r.Path, "ai:") {
			t.Errorf("%s %s names an AI seat's user id: %.300s", r.Method, r.Path, r.Body)
		}
	}
	for _, r := range h.srv.Errors() {
		if r.Fault == "" {
			t.Errorf("request %s %s answered %d (%s)", r.Method, r.Path, r.Status, r.Error)
		}
	}
}

// TestAISeatEndToEnd plays a whole game through the loopback Discord with two humans and one AI
// seat (`/game new spice-merchant players:3 bots:1 level:easy`): the AI fills the table so the
// game starts when the second human joins; it answers the simultaneous secret registration like
// anyone, moves only after the delay, through the same commit path (stored moves, boards); it is
// named, never pinged nor DMed; and the AI is only ever given the state determinized for its
// seat.
func TestAISeatEndToEnd(t *testing.T) {
	t.Parallel()
	h, rec := newAIHarness(t, 2)
	ann := h.users[0]

	// Refusals: too many bots for the table, a level without bots.
	if r := h.final(h.srv.Command(ann, h.channel, "game", newGame("spice-merchant", discordtest.Int("players", 3), discordtest.Int("bots", 3)))); !r.Ephemeral || !strings.Contains(r.Content, "at most 2 AI players") {
		t.Errorf("/game new with 3 bots for 3 players: %q", r.Content)
	}
	if r := h.final(h.srv.Command(ann, h.channel, "game", newGame("spice-merchant", discordtest.Str("level", "easy")))); !r.Ephemeral || !strings.Contains(r.Content, "add `bots:`") {
		t.Errorf("/game new with a level and no bots: %q", r.Content)
	}

	aiSeatGame(t, h, rec, "spice-merchant", true)
}

// TestAISeatOutOfTurnEndToEnd plays Borneo and Batavia with two humans and an AI seat to the
// end: the AI answers its out-of-turn decisions (a defence, picks in a distribution, bids) like
// any seat.
func TestAISeatOutOfTurnEndToEnd(t *testing.T) {
	if testing.Short() {
		t.Skip("long end-to-end games in -short mode")
	}
	for _, game := range []string{"borneo", "batavia"} {
		t.Run(game, func(t *testing.T) {
			h, rec := newAIHarness(t, 2)
			aiSeatGame(t, h, rec, game, false)
		})
	}
}

// aiSeatGame opens a game of 3 with `bots:1 level:easy`, lets the second human join (the table is
// full: it starts), plays it to the end with playWithAI (restarting the bot once while the AI must
// decide, when restart is set) and checks the AI's moves: stored as its seat's, each at least the
// delay after its decision began; the AI never contacted nor pinged; its states determinized.
func aiSeatGame(t *testing.T, h *harness, rec *aiRecorder, game string, restart bool) {
	ann, bob := h.users[0], h.users[1]
	lobby := h.final(h.srv.Command(ann, h.channel, "game", newGame(game, discordtest.Int("players", 3),
		discordtest.Int("bots", 1), discordtest.Str("level", "easy"))))
	if lobby.Ephemeral || !strings.Contains(lobby.Content, "Players (2)") || !strings.Contains(lobby.Content, "AI 1 (easy)") {
		t.Fatalf("lobby with an AI seat: %q", lobby.Content)
	}
	h.lobbyID = msgID(lobby)
	join, _ := lobby.Button("Join")
	started := h.final(h.srv.Button(bob, h.channel, lobby.ID, join.CustomID))
	if !strings.Contains(started.Content, "has started") || !strings.Contains(started.Content, "**AI 1 (easy)**") {
		t.Fatalf("the table of two humans and an AI did not start: %q", started.Content)
	}
	row, seats, _ := h.state()
	h.lastGame = row.ID
	ai := aiSeatsOf(seats)
	if len(ai) != 1 {
		t.Fatalf("seats %+v: want one AI seat", seats)
	}
	var aiSeat rules.Seat
	for s := range ai {
		aiSeat = s
	}

	// Once, while the AI must decide, the bot restarts: the AI's turn is in the database and is
	// played after the restart.
	restarted := -1
	if !restart {
		restarted = 0
	}
	restartOnce := func(v int) bool {
		if _, _, st := h.stateByID(); restarted < 0 && v >= 6 && slices.Contains(st.Active(), aiSeat) {
			h.stop()
			h.start()
			restarted = v
		}
		return false
	}
	v := h.playWithAI(rand.New(rand.NewPCG(12, 1)), 5000, func() map[rules.Seat]bool { return ai }, restartOnce, nil)
	if restarted < 0 {
		t.Error("the bot never restarted while the AI had to decide")
	}
	final := h.boardAt(v)
	if !strings.Contains(final.Content, "Game over") || !strings.Contains(final.Content, "AI 1 (easy)") {
		t.Errorf("final board: %q", final.Content)
	}

	// The AI's moves are stored like anyone's, by its seat's user id, each at least the delay after
	// the move before it.
	moves, err := h.store.Moves(context.Background(), row.ID)
	if err != nil {
		t.Fatal(err)
	}
	// Replay the game to know since which version the AI seat had each decision.
	g, _ := h.reg.Get(row.Game)
	st, err := g.New(len(seats), row.Options, row.Seed)
	if err != nil {
		t.Fatal(err)
	}
	waiting := []bool{slices.Contains(st.Active(), aiSeat)} // by version
	for _, m := range moves {
		mv, err := g.ParseMove(m.Move)
		if err != nil {
			t.Fatal(err)
		}
		if err := st.Apply(rules.Seat(m.Seat), mv); err != nil {
			t.Fatalf("replay move %d: %v", m.Seq, err)
		}
		waiting = append(waiting, slices.Contains(st.Active(), aiSeat) && len(st.Legal(aiSeat)) > 0)
	}
	aiMoves := 0
	kinds := map[string]int{} // the AI's moves by their first word
	for i, m := range moves {
		if rules.Seat(m.Seat) != aiSeat {
			if strings.HasPrefix(m.UserID, "ai:") {
				t.Errorf("move %d of a human seat stored as the AI's", m.Seq)
			}
			continue
		}
		aiMoves++
		kinds[strings.Fields(m.Move)[0]]++
		if m.UserID != "ai:easy:1" {
			t.Errorf("the AI's move %d is stored with user %q", m.Seq, m.UserID)
		}
		// The decision began with the move after which the seat was waiting ever since.
		k := i
		for k > 0 && waiting[k-1] {
			k--
		}
		// A decision its own move gave it (a turn of several steps) waits a third of the delay.
		least := aiDelayMin
		if k > 0 && rules.Seat(moves[k-1].Seat) == aiSeat {
			least = aiDelayMin / 3
		}
		if k > 0 && m.At.Sub(moves[k-1].At) < least-2*time.Millisecond {
			t.Errorf("the AI's move %d came %v after its decision began, less than its delay", m.Seq, m.At.Sub(moves[k-1].At))
		}
	}
	if aiMoves == 0 || rec.calls[aiSeat] < aiMoves {
		t.Errorf("the AI made %d moves with %d decisions", aiMoves, rec.calls[aiSeat])
	}
	if rec.checked == 0 || rec.differ == 0 {
		t.Errorf("states given to the AI: %d checked, %d with hidden parts re-drawn (want some of each)", rec.checked, rec.differ)
	}
	t.Logf("%s: %d moves, %d by the AI (by kind: %v); %d states given to the AI checked, %d differed from the real one",
		game, len(moves), aiMoves, kinds, rec.checked, rec.differ)
	checkNoAIContact(t, h)
	if turns, err := h.store.AITurns(context.Background(), row.ID); err != nil || len(turns) != 0 {
		t.Errorf("AI turns left after the end: %v (%v)", turns, err)
	}
}

// TestAIStandsInEndToEnd: in a game of three humans, one goes silent; the AI stands in for them
// (as the timeout policy `ai` does after a deadline): the channel is told with a ping and an "I'm
// back" button, the AI plays that seat, stored as the AI's moves; the owner presses "I'm back" and
// the AI stops; the owner plays again.
func TestAIStandsInEndToEnd(t *testing.T) {
	h, rec := newAIHarness(t, 3)
	h.openLobby("spice-merchant", 3)
	row, seats, _ := h.state()
	cy := h.users[2]
	var cySeat rules.Seat
	for _, s := range seats {
		if s.UserID == cy {
			cySeat = rules.Seat(s.Seat)
		}
	}
	none := func() map[rules.Seat]bool { return map[rules.Seat]bool{} }
	rng := rand.New(rand.NewPCG(7, 7))
	// Play until the silent player must decide.
	waiting := func(int) bool {
		_, _, st := h.stateByID()
		return slices.Contains(st.Active(), cySeat) && len(st.Legal(cySeat)) > 0
	}
	h.playWithAI(rng, 3000, none, waiting, nil)
	ctx := context.Background()
	if err := h.bot.Service().StandIn(ctx, row.ID, cySeat, "they have not played for a day"); err != nil {
		t.Fatal(err)
	}
	h.bot.Nudge()
	notice, err := h.srv.WaitFor(ctxT(t), func(m discordtest.Message) bool {
		return m.Kind == discordtest.KindChannel && strings.Contains(m.Content, "The AI now plays for")
	})
	if err != nil {
		t.Fatalf("no stand-in notice: %v", err)
	}
	back, ok := notice.Button("I'm back")
	if !ok || !slices.Contains(notice.Mentions, cy) || !strings.Contains(notice.Content, "not played for a day") {
		t.Fatalf("stand-in notice %q, buttons %v", notice.Content, notice.CustomIDs())
	}
	// Someone else pressing "I'm back" changes nothing.
	if r := h.final(h.srv.Button(h.users[0], h.channel, notice.ID, back.CustomID)); !strings.Contains(r.Content, "not playing for you") {
		t.Errorf("I'm back pressed by another player: %q", r.Content)
	}
	stood := func() map[rules.Seat]bool { return map[rules.Seat]bool{cySeat: true} }
	// The AI plays Cy's seat (at least three of its decisions), the others play on.
	aiMoved := func(int) bool {
		ms, _ := h.store.Moves(ctx, row.ID)
		n := 0
		for _, m := range ms {
			if rules.Seat(m.Seat) == cySeat && strings.HasPrefix(m.UserID, "ai:") {
				n++
			}
		}
		return n >= 3
	}
	dmsBefore := len(h.srv.DMs(cy))
	v := h.playWithAI(rng, 3000, stood, aiMoved, nil)
	if !aiMoved(v) {
		t.Fatal("the game ended before the AI played for the absent player")
	}
	// While the AI plays for them, the absent player is neither pinged by boards nor told by DM
	// that it is their move.
	for _, dm := range h.srv.DMs(cy)[dmsBefore:] {
		if strings.Contains(dm.Content, "It's your move") {
			t.Errorf("a DM told the absent player it is their move: %q", dm.Content)
		}
	}
	said := false
	for _, m := range h.srv.Messages(h.channel) {
		if msgID(m) > msgID(notice) && m.Kind == discordtest.KindChannel && slices.Contains(m.Mentions, cy) {
			t.Errorf("a board pinged the absent player: %q", m.Content)
		}
		said = said || strings.Contains(m.Content, "The AI plays for **Cy** until they press **I'm back**")
	}
	if !said {
		t.Error("no board says the AI plays for the absent player")
	}
	// Cy is back: the AI stops playing the seat.
	r := h.final(h.srv.Button(cy, h.channel, notice.ID, back.CustomID))
	if !strings.Contains(r.Content, "is back") {
		t.Fatalf("I'm back: %q", r.Content)
	}
	if again := h.final(h.srv.Command(cy, h.channel, "game", discordtest.Sub("back"))); !strings.Contains(again.Content, "not playing for you") {
		t.Errorf("/game back when back already: %q", again.Content)
	}
	calls := rec.calls[cySeat]
	moved := len(mustMoves(t, h, row.ID))
	h.playWithAI(rng, 3000, none, func(v int) bool { return v >= moved+12 }, nil)
	for _, m := range mustMoves(t, h, row.ID)[moved:] {
		if strings.HasPrefix(m.UserID, "ai:") {
			t.Errorf("move %d stored as the AI's after its owner came back", m.Seq)
		}
	}
	if rec.calls[cySeat] > calls+1 { // one search may have been under way
		t.Errorf("the AI kept deciding for a seat whose owner is back: %d → %d", calls, rec.calls[cySeat])
	}
	checkNoAIContact(t, h)
}

func mustMoves(t testing.TB, h *harness, game int64) []data.Move {
	t.Helper()
	ms, err := h.store.Moves(context.Background(), game)
	if err != nil {
		t.Fatal(err)
	}
	return ms
}

func msgID(m discordtest.Message) uint64 {
	var id uint64
	for _, c := range m.ID {
		id = id*10 + uint64(c-'0')
	}
	return id
}

// BenchmarkInteractionAckWhileAIThinks is BenchmarkInteractionAck while the AI thinks without a
// pause in another channel: a Borneo game whose three seats package ai plays at the strong level
// (each decision searches up to its 250 ms budget), with no delay between its moves. It reports
// the acknowledgement's p50/p99 in ms and the AI's moves meanwhile; compare with
// BenchmarkInteractionAck.
func BenchmarkInteractionAckWhileAIThinks(b *testing.B) {
	busy := bot.DeciderFunc(ai.Decide) // stand-ins play at the strong level
	h := newHarnessWith(b, 3, func(c *bot.Config) {
		c.AI, c.AIDelayMin, c.AIDelayMax = busy, time.Millisecond, time.Millisecond
	})
	// The AI's table: every seat stood in for.
	table := h.channel
	h.channel = "900000000000000002"
	h.srv.AddChannel(h.channel, "ai-table")
	aiGame := h.openLobby("borneo", 3)
	for seat := 0; seat < 3; seat++ {
		if err := h.bot.Service().StandIn(context.Background(), aiGame, rules.Seat(seat), "benchmark"); err != nil {
			b.Fatal(err)
		}
	}
	h.bot.Nudge()
	h.channel = table
	h.openLobby("borneo", 3)
	board := h.boardAt(0)
	_, _, st := h.state()
	user := h.userAt(st.Active()[0])
	btn, _ := board.Button("Your move")
	before := len(mustMoves(b, h, aiGame))
	ds := make([]time.Duration, 0, b.N)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		start := time.Now()
		ix := h.srv.Button(user, h.channel, board.ID, btn.CustomID)
		if _, err := ix.Response(ctxT(b)); err != nil {
			b.Fatal(err)
		}
		ds = append(ds, time.Since(start))
	}
	b.StopTimer()
	reportLatencies(b, ds)
	b.ReportMetric(float64(len(mustMoves(b, h, aiGame))-before), "ai-moves")
}

// TestAIAfterDeadlineEndToEnd: a game at the fast pace (4 hours per decision) with the timeout
// policy `ai`, and a player who goes silent. A fake clock runs on half an hour at a time: nothing
// happens to the seat before its deadline; once it passes, the scheduler's `ai` policy hands the
// seat to the AI — the channel is told, the player pinged, with an "I'm back" button — and the AI
// plays it. The player presses "I'm back" and plays their seat again.
func TestAIAfterDeadlineEndToEnd(t *testing.T) {
	t.Parallel() // mostly waits for the AI's delays
	deadlineGame(t, "ai")
}

// TestAIVotedInEndToEnd is TestAIAfterDeadlineEndToEnd with the timeout policy `vote`: after the
// deadline the table votes, and the two other players pick "Let the AI play".
func TestAIVotedInEndToEnd(t *testing.T) {
	t.Parallel()
	deadlineGame(t, "vote")
}

// deadlineGame plays TestAIAfterDeadlineEndToEnd with a timeout policy: "ai", or "vote" where
// the other players vote for the AI.
func deadlineGame(t *testing.T, policy string) {
	clock := newManualClock()
	rec := &aiRecorder{t: t, inner: testAI, calls: map[rules.Seat]int{}}
	h := newHarnessWith(t, 3, func(c *bot.Config) {
		c.Clock, c.AI, c.AIDelayMin, c.AIDelayMax = clock, rec, aiDelayMin, aiDelayMax
	})
	rec.h = h
	h.openLobby("spice-merchant", 3, discordtest.Str("pace", "fast"), discordtest.Str("timeout", policy))
	row, seats, _ := h.state()
	cy := h.users[2]
	var cySeat rules.Seat
	for _, s := range seats {
		if s.UserID == cy {
			cySeat = rules.Seat(s.Seat)
		}
	}
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(9, 9))
	none := func() map[rules.Seat]bool { return map[rules.Seat]bool{} }
	onlyCy := func(int) bool {
		_, _, st := h.stateByID()
		var movers []rules.Seat
		for _, s := range st.Active() {
			if len(st.Legal(s)) > 0 {
				movers = append(movers, s)
			}
		}
		return len(movers) == 1 && movers[0] == cySeat
	}
	h.playWithAI(rng, 3000, none, onlyCy, nil)
	waitingAt := mustMoves(t, h, row.ID)

	// Cy says nothing. The clock runs on until the AI takes the seat over.
	standIn := func() (discordtest.Message, bool) {
		for _, m := range h.srv.Messages(h.channel) {
			if m.Kind == discordtest.KindChannel && strings.Contains(m.Content, "The AI now plays for") {
				return m, true
			}
		}
		return discordtest.Message{}, false
	}
	var (
		notice discordtest.Message
		silent time.Duration
		voted  bool
	)
	vote := func() {
		for _, m := range h.srv.Messages(h.channel) {
			if b, ok := m.Button("Let the AI play"); ok && !voted {
				voted = true
				for _, u := range h.users[:2] {
					if r := h.final(h.srv.Button(u, h.channel, m.ID, b.CustomID)); strings.Contains(r.Content, "Something went wrong") {
						t.Fatalf("vote: %q", r.Content)
					}
				}
			}
		}
	}
	for found := false; !found; {
		if silent > 8*time.Hour {
			t.Fatalf("no stand-in %v after the silent player's decision began", silent)
		}
		clock.Advance(30 * time.Minute)
		silent += 30 * time.Minute
		for end := time.Now().Add(300 * time.Millisecond); time.Now().Before(end); time.Sleep(20 * time.Millisecond) {
			if notice, found = standIn(); found {
				break
			}
			if policy == "vote" {
				vote()
			}
		}
	}
	if silent < 4*time.Hour {
		t.Errorf("the AI took the seat over after %v of silence, before the 4-hour deadline", silent)
	}
	why := "time ran out"
	if policy == "vote" {
		why = "the table voted for it"
		if !voted {
			t.Error("no vote offered to let the AI play")
		}
	}
	if !slices.Contains(notice.Mentions, cy) || !strings.Contains(notice.Content, why) {
		t.Errorf("stand-in notice: %q (mentions %v)", notice.Content, notice.Mentions)
	}
	back, ok := notice.Button("I'm back")
	if !ok {
		t.Fatalf("stand-in notice without I'm back: %v", notice.CustomIDs())
	}
	if got := mustMoves(t, h, row.ID); len(got) != len(waitingAt) {
		t.Errorf("%d moves were made while the game waited for the silent player", len(got)-len(waitingAt))
	}
	t.Logf("the AI stood in after %v of silence; the silent player got %d DMs meanwhile", silent, len(h.srv.DMs(cy)))

	// The AI plays Cy's seat (at least twice) while the others play on.
	tick := func() { clock.Advance(20 * time.Millisecond) }
	stood := func() map[rules.Seat]bool { return map[rules.Seat]bool{cySeat: true} }
	aiMoves := func() int {
		n := 0
		for _, m := range mustMoves(t, h, row.ID) {
			if rules.Seat(m.Seat) == cySeat && strings.HasPrefix(m.UserID, "ai:") {
				n++
			}
		}
		return n
	}
	v := h.playWithAI(rng, 3000, stood, func(int) bool { return aiMoves() >= 2 }, tick)
	if aiMoves() < 2 {
		t.Fatalf("the game ended (version %d) before the AI played twice for the silent player", v)
	}
	if r := h.final(h.srv.Button(cy, h.channel, notice.ID, back.CustomID)); !strings.Contains(r.Content, "is back") {
		t.Fatalf("I'm back: %q", r.Content)
	}
	if plays, err := h.bot.Service().AIPlays(ctx, row.ID, cySeat); err != nil || plays {
		t.Fatalf("the AI still plays the seat of a player who is back (%v)", err)
	}
	n := aiMoves()
	moved := len(mustMoves(t, h, row.ID))
	h.playWithAI(rng, 3000, none, func(v int) bool { return v >= moved+8 }, tick)
	if aiMoves() > n {
		t.Errorf("the AI played %d more moves for a player who is back", aiMoves()-n)
	}
	checkNoAIContact(t, h)
}

// TestAIFailureStillMoves: an AI whose search fails (here it panics) never stalls the game nor
// the bot: the seat plays a random legal move instead, and the failure is logged.
func TestAIFailureStillMoves(t *testing.T) {
	broken := bot.DeciderFunc(func(context.Context, rules.State, rules.Seat, string, uint64) (rules.Move, error) {
		panic("search exploded")
	})
	h := newHarnessWith(t, 2, func(c *bot.Config) { c.AI, c.AIDelayMin, c.AIDelayMax = broken, aiDelayMin, aiDelayMax })
	lobby := h.final(h.srv.Command(h.users[0], h.channel, "game", newGame("spice-merchant", discordtest.Int("players", 3), discordtest.Int("bots", 1))))
	h.lobbyID = msgID(lobby)
	join, _ := lobby.Button("Join")
	h.final(h.srv.Button(h.users[1], h.channel, lobby.ID, join.CustomID))
	row, seats, _ := h.state()
	h.lastGame = row.ID
	ai := aiSeatsOf(seats)
	aiMoves := func() int {
		n := 0
		for _, m := range mustMoves(t, h, row.ID) {
			if ai[rules.Seat(m.Seat)] {
				n++
			}
		}
		return n
	}
	h.playWithAI(rand.New(rand.NewPCG(4, 4)), 3000, func() map[rules.Seat]bool { return ai }, func(int) bool { return aiMoves() >= 3 }, nil)
	if aiMoves() < 3 {
		t.Fatal("the game ended before the AI seat moved three times")
	}
	if !strings.Contains(h.logs.String(), "AI: search panicked") {
		t.Error("the AI's failure was not logged")
	}
}
