package batavia

import (
	"strings"
	"testing"

	"spicebot/rules"
)

// setTurn makes seat the player to move, at the start of its turn.
func (s *State) setTurn(seat rules.Seat) {
	s.Turn = seat
	s.beginTurn()
}

// dieSeed returns an RNG whose next die roll is roll.
func dieSeed(t *testing.T, roll int) rules.RNG {
	t.Helper()
	for seed := uint64(1); seed < 1000; seed++ {
		r := rules.NewRNG(seed)
		probe := r
		if 1+probe.Intn(6) == roll {
			return r
		}
	}
	t.Fatal("no seed rolls", roll)
	return rules.RNG{}
}

// stackTop moves cards to the top of the stack, the first drawn first ("B B S").
func (s *State) stackTop(t *testing.T, letters string) {
	t.Helper()
	f := strings.Fields(letters)
	for i := len(f) - 1; i >= 0; i-- {
		c, _ := CompanyByLetter(f[i])
		s.takeFromStack(t, c, 1)
		s.Stack = append(s.Stack, c)
	}
}

// Rulebook "Ship Card Auction", example: the auctioneer rolls a 3 and turns up 2 British cards and
// 1 Swedish card, auctioned as one package; bidding from the auctioneer's left, the auctioneer
// included, the winner pays one note at a time from the left and becomes start player.
func TestAuctionPackageOfThree(t *testing.T) {
	s := bare(t, 4)
	s.RNG = dieSeed(t, 3)
	s.stackTop(t, "B B S")
	s.startRound()
	if s.Phase != PhaseAuction || s.Auction.Die != 3 || s.Auction.Package != [5]int{2, 0, 0, 0, 1} {
		t.Fatalf("auction %+v phase %s, want a package of 2 British and 1 Swedish", s.Auction, s.Phase)
	}
	if !strings.Contains(lastLog(s), "rolls a 3 and turns up 2 British and 1 Swedish ships") {
		t.Fatalf("log %q", lastLog(s))
	}
	if got := s.Active(); len(got) != 1 || got[0] != 1 {
		t.Fatalf("first bidder %v, want seat 1 (the auctioneer's left)", got)
	}
	refuse(t, s, 0, "bid 1", "not your turn")
	refuse(t, s, 1, "bid 16", "You hold only 15 promissory notes")
	play(t, s, 1, "bid 2")
	refuse(t, s, 2, "bid 2", "higher than 2")
	play(t, s, 2, "pass")
	play(t, s, 3, "bid 3")
	play(t, s, 0, "bid 5") // the auctioneer bids too
	play(t, s, 1, "pass")
	if s.Turn != 3 {
		t.Fatalf("seat 2 passed for good, so seat 3 bids next, not %d", s.Turn)
	}
	play(t, s, 3, "pass")
	// Seat 0 pays 5: to seats 1, 2, 3, 1, 2.
	want := []int{10, 17, 17, 16}
	for i, w := range want {
		if s.Seats[i].Notes != w {
			t.Errorf("seat %d holds %d notes, want %d", i, s.Seats[i].Notes, w)
		}
	}
	if s.Seats[0].Hand != [5]int{2, 0, 0, 0, 1} || s.Start != 0 || s.Phase != PhaseTurn || s.Turn != 0 {
		t.Fatalf("winner's hand %v, start %d, phase %s, turn %d", s.Seats[0].Hand, s.Start, s.Phase, s.Turn)
	}
	if !hasLog(s, "2 to {1}, 2 to {2}, 1 to {3}") {
		t.Fatalf("payment not logged: %q", logTexts(s))
	}
}

// Rulebook: "If all players pass, the ship cards that have been turned over remain open until the
// next round ... The starter player does not change. If this happens in the first auction round,
// the auctioneer becomes the starter player."
func TestAuctionAllPass(t *testing.T) {
	s := bare(t, 3)
	s.Start = 2
	s.RNG = dieSeed(t, 2)
	s.stackTop(t, "D F")
	s.startRound()
	play(t, s, 0, "pass")
	play(t, s, 1, "pass")
	play(t, s, 2, "pass")
	if s.Phase != PhaseTurn || s.Start != 2 || s.Turn != 2 || s.Auction.Package != [5]int{0, 1, 1, 0, 0} {
		t.Fatalf("after all passed: phase %s start %d turn %d package %v", s.Phase, s.Start, s.Turn, s.Auction.Package)
	}
	play(t, s, 2, "draw")
	play(t, s, 0, "draw")
	s.RNG = dieSeed(t, 1)
	s.stackTop(t, "B B N")
	play(t, s, 1, "draw") // the round ends: the next auction adds one card to the two left
	if s.Phase != PhaseAuction || s.Auction.Package != [5]int{0, 1, 1, 1, 0} || s.Auction.Auctioneer != 2 {
		t.Fatalf("next auction %+v phase %s", s.Auction, s.Phase)
	}
}

// Rulebook example: Hanna plays 4 Dutch and 2 French ship cards: the Dutch marker moves 4, the
// French 2, the cannon 6.
func TestHannaLaysFourDutchTwoFrench(t *testing.T) {
	s := bare(t, 4)
	s.give(t, 0, "N4 F2")
	v0 := s.View(rules.Observer).(*View)
	play(t, s, 0, "lay N1", "lay N2", "lay N3", "lay N4", "lay F1", "lay F2")
	v := s.View(rules.Observer).(*View)
	if v.Cannon-v0.Cannon != 6 || v.Ships[Netherlands]-v0.Ships[Netherlands] != 4 || v.Ships[France]-v0.Ships[France] != 2 {
		t.Fatalf("cannon %d→%d, ships %v→%v", v0.Cannon, v.Cannon, v0.Ships, v.Ships)
	}
	if v.Seals[Netherlands] != 0 || v.Seals[France] != 0 {
		t.Fatalf("seals %v, want Dutch and French to seat 0", v.Seals)
	}
	play(t, s, 0, "done")
	if s.Phase != PhaseSail || legalTexts(s, 0) != "sail F sail N" {
		t.Fatalf("phase %s, moves %q: two seals, so seat 0 chooses", s.Phase, legalTexts(s, 0))
	}
}

// Rulebook case 1: the player already has the Danish majority and plays any card.
func TestCase1AnyCardWithAMajority(t *testing.T) {
	s := bare(t, 3)
	s.layOut(t, 1, "D2")
	s.layOut(t, 0, "B3")
	s.setTurn(1)
	s.give(t, 1, "B1")
	play(t, s, 1, "lay B1") // no British majority (1 against 3), but the Danish seal is held
	if s.Seal(Denmark) != 1 || s.Seal(Britain) != 0 {
		t.Fatalf("seals D %d B %d", s.Seal(Denmark), s.Seal(Britain))
	}
	play(t, s, 1, "done")
	if s.Seats[1].Pos != 2 {
		t.Fatalf("seat 1 at %d, want the Danish post on hex 2", s.Seats[1].Pos)
	}
}

// Rulebook case 2 and the seal rules: without a majority the player must create one; a tie with
// the previous holder sends the seal back to the board.
func TestCase2AndTieReturnsSeal(t *testing.T) {
	s := bare(t, 3)
	s.layOut(t, 1, "D2")
	s.give(t, 0, "D3 B1")
	play(t, s, 0, "lay D1")
	refuse(t, s, 0, "done", "more ships of one company laid out than every other player")
	refuse(t, s, 0, "draw", "begun laying out")
	play(t, s, 0, "lay D2")
	if s.Seal(Denmark) != NoSeat || !strings.Contains(lastLog(s), "a tie with {1}, so the Danish seal goes back to the board") {
		t.Fatalf("seal %d, log %q", s.Seal(Denmark), lastLog(s))
	}
	refuse(t, s, 0, "done", "more ships")
	play(t, s, 0, "lay D3")
	if s.Seal(Denmark) != 0 || !strings.Contains(lastLog(s), "takes the Danish seal from the board") {
		t.Fatalf("seal %d, log %q", s.Seal(Denmark), lastLog(s))
	}
	play(t, s, 0, "done")
}

// A player who has no majority and cannot create one may not lay out: only "draw" is offered.
func TestCannotCreateMajorityMustDraw(t *testing.T) {
	s := bare(t, 3)
	s.layOut(t, 1, "B3 D1")
	s.layOut(t, 2, "D1")
	s.give(t, 0, "B2 D1")
	if got := legalTexts(s, 0); got != "draw" {
		t.Fatalf("moves %q, want only draw", got)
	}
	refuse(t, s, 0, "lay B1", "must draw two ships")
	s.give(t, 0, "D1") // two Danish beat one
	if got := legalTexts(s, 0); !strings.Contains(got, "lay D2") {
		t.Fatalf("moves %q", got)
	}
}

// Rulebook example: the player only has the Danish seal, so moves to the next Danish trading
// post, jumping other counters and figures; never backwards.
func TestMoveToNextDanishPost(t *testing.T) {
	s := bare(t, 3)
	s.clearTrack()
	s.place(3, "B", "tea")
	s.place(5, "S", "pepper")
	silk := s.place(7, "D", "silk")
	s.place(9, "D", "china")
	s.place(2, "D", "tea") // behind the merchant
	s.Seats[0].Pos = 2 - 0
	s.Track[1] = -1 // hex 2 was taken by seat 0 itself earlier
	s.Seats[1].Pos = 5 - 0
	s.Track[4] = -1 // seat 1 stands on hex 5
	s.give(t, 0, "D1")
	play(t, s, 0, "lay D1", "done")
	p := s.Seats[0]
	if p.Pos != 7 || len(p.Posts) != 1 || p.Posts[0] != silk || s.Warehouse[3][Denmark] != 0 || p.Crates != Crates-1 {
		t.Fatalf("seat 0 at %d with %v, silk square %d, crates %d", p.Pos, p.Posts, s.Warehouse[3][Denmark], p.Crates)
	}
	if !strings.Contains(english(s.History.Lines[len(s.History.Lines)-1].Public), "silk warehouse") {
		t.Fatalf("log %q", lastLog(s))
	}
}

// Rulebook example: with counters of 3 companies after taking a new Danish one, the player
// exchanges one of each company (3 different) for 6 gold; one Swedish counter remains.
func TestExchangeThreeForSix(t *testing.T) {
	s := bare(t, 3)
	s.clearTrack()
	s.place(12, "D", "silk")
	s.Seats[0].Pos = 10
	s.Seats[0].Posts = []Post{PostOf(Netherlands, 0), PostOf(Sweden, 1), PostOf(Sweden, 2)}
	for _, p := range s.Seats[0].Posts {
		s.Warehouse[p.Commodity()][p.Company()] = 0
	}
	s.Seats[0].Crates -= 3
	s.give(t, 0, "D1")
	play(t, s, 0, "lay D1", "done")
	if s.Phase != PhaseExchange {
		t.Fatalf("phase %s after a new company's counter", s.Phase)
	}
	if c := s.Describe(0, Move{Kind: MoveExchange}); english(c.Label) != "Exchange 3 trading posts for 6 gold" {
		t.Fatalf("label %q", c.Label)
	}
	play(t, s, 0, "exchange")
	if !strings.Contains(lastLog(s), "exchanges 3 trading posts for 6 gold: the [[P22]], the [[P30]] and the [[P11]].") {
		t.Fatalf("log %q", lastLog(s))
	}
	p := s.Seats[0]
	if p.Gold != 6 || len(p.Posts) != 1 || p.Posts[0].Company() != Sweden {
		t.Fatalf("gold %d, posts %v", p.Gold, p.Posts)
	}
}

// Rulebook example: Hanna holds counters of every company but Britain; she may exchange only
// right after taking a British counter.
func TestHannaExchangesOnlyWithBritish(t *testing.T) {
	s := bare(t, 3)
	s.clearTrack()
	s.place(12, "D", "silk")
	s.place(14, "B", "pepper")
	for _, c := range []Company{Denmark, France, Netherlands, Sweden} {
		p := PostOf(c, 0)
		s.Seats[0].Posts = append(s.Seats[0].Posts, p)
		s.Warehouse[0][c] = 0
		s.Seats[0].Crates--
	}
	s.Seats[0].Pos = 10
	s.give(t, 0, "D1")
	play(t, s, 0, "lay D1", "done")
	if s.Phase != PhaseTurn || s.Turn != 1 {
		t.Fatalf("a Danish counter (held already) offers no exchange: phase %s turn %d", s.Phase, s.Turn)
	}
	play(t, s, 1, "draw")
	play(t, s, 2, "draw")
	// A new round: find seat 0's turn again.
	for s.Phase == PhaseAuction {
		play(t, s, s.Turn, "pass")
	}
	for s.Turn != 0 {
		play(t, s, s.Turn, "draw")
	}
	s.layOut(t, 1, "D1") // keep the Danish seal contested: seat 0 needs the British one
	s.give(t, 0, "B1")
	play(t, s, 0, "lay B1", "done")
	if s.Phase != PhaseExchange || s.Seats[0].Pos != 14 {
		t.Fatalf("phase %s pos %d after the British counter", s.Phase, s.Seats[0].Pos)
	}
	play(t, s, 0, "exchange")
	if s.Seats[0].Gold != 15 {
		t.Fatalf("gold %d, want 15 for five companies", s.Seats[0].Gold)
	}
}

// Rulebook example: the cannon reaches 25 and the pirates attack the Danish company, which has
// the most cards laid out: all 11 are discarded and the markers adjusted.
func TestPiratesSinkElevenDanish(t *testing.T) {
	s := bare(t, 4)
	s.layOut(t, 0, "D6")
	s.layOut(t, 1, "D5")
	s.layOut(t, 2, "F4 B3")
	s.layOut(t, 3, "S2 N4")
	s.give(t, 0, "B1")
	play(t, s, 0, "lay B1")
	if s.Cannon() != 25 {
		t.Fatalf("cannon %d", s.Cannon())
	}
	play(t, s, 0, "done", "keep")
	v := s.View(rules.Observer).(*View)
	if v.Ships[Denmark] != 0 || v.Cannon != 14 || s.Discard[Denmark] != 11 || v.Seals[Denmark] != NoSeat {
		t.Fatalf("after the attack: ships %v cannon %d discard %v seals %v", v.Ships, v.Cannon, s.Discard, v.Seals)
	}
	if !hasLog(s, "Pirates attack at 25 ships laid out and sink all 11 Danish ships (the Danish seal of {0} goes back to the board). 14 ships remain") {
		t.Fatalf("log %q", logTexts(s))
	}
}

// Pirates attack every tied largest company, at 21 with 3 players, once per turn, and only after
// a turn in which cards were laid out.
func TestPiratesTiedAndThreePlayers(t *testing.T) {
	s := bare(t, 3)
	s.layOut(t, 1, "D6 B2")
	s.layOut(t, 2, "F6 S5")
	s.give(t, 0, "N1")
	s.give(t, 0, "N1")
	play(t, s, 0, "draw") // 19 laid out; drawing never triggers an attack
	if s.Attacks != 0 {
		t.Fatal("attack after a draw")
	}
	s.layOut(t, 2, "N1")
	s.give(t, 1, "B1")
	play(t, s, 1, "lay B1", "done", "sail D", "keep")
	// 21 ships: Danish and French tie at 6 and both sink.
	if s.shipsLaid(Denmark) != 0 || s.shipsLaid(France) != 0 || s.Cannon() != 9 || s.Attacks != 1 {
		t.Fatalf("ships laid %v, cannon %d, attacks %d", s.View(rules.Observer).(*View).Ships, s.Cannon(), s.Attacks)
	}
}

// Rulebook example: Hanna plays cards of the Danish seal, has no Danish post ahead, and takes
// the Target counter (4 gold); with a Swedish seal and a Swedish post ahead she would have to go
// there. Then the round is finished: later players may lay out only to reach a trading post.
func TestHannaTakesTarget(t *testing.T) {
	t.Run("swedish post ahead", func(t *testing.T) {
		s := bare(t, 3)
		s.clearTrack()
		s.place(30, "S", "tea")
		s.Seats[0].Pos = 20
		s.layOut(t, 0, "S1")
		s.give(t, 0, "D2")
		play(t, s, 0, "lay D1", "lay D2", "done")
		if s.Seats[0].Pos != 30 || s.TargetBy != NoSeat {
			t.Fatalf("pos %d target %d: the Swedish seal leads to hex 30", s.Seats[0].Pos, s.TargetBy)
		}
	})
	s := bare(t, 3)
	s.clearTrack()
	s.place(30, "S", "tea")
	s.place(33, "F", "silk")
	s.Seats[0].Pos = 20
	s.give(t, 0, "D2")
	if c := s.Describe(0, Move{Kind: MoveLay, Co: Denmark, N: 1}); c.Multi == nil || c.Multi.Then != "done" || !c.Irreversible {
		t.Fatalf("lay choice %+v", c)
	}
	play(t, s, 0, "lay D1", "lay D2")
	if c := s.Describe(0, Move{Kind: MoveDone}); !strings.Contains(english(c.Label), "Target") {
		t.Fatalf("done label %q", c.Label)
	}
	play(t, s, 0, "done")
	if s.TargetBy != 0 || s.Seats[0].Pos != TargetHex {
		t.Fatalf("target %d pos %d", s.TargetBy, s.Seats[0].Pos)
	}
	// Seat 1 could take the Danish majority back, but no Danish post is ahead: it must draw.
	s.give(t, 1, "D3")
	if got := legalTexts(s, 1); got != "draw" {
		t.Fatalf("seat 1 moves %q, want only draw", got)
	}
	refuse(t, s, 1, "lay D1", "cannot reach a trading post")
	play(t, s, 1, "draw")
	// Seat 2 can reach the French post.
	s.give(t, 2, "F1 B2")
	if got := legalTexts(s, 2); !strings.Contains(got, "lay F1") {
		t.Fatalf("seat 2 moves %q", got)
	}
	play(t, s, 2, "lay B1", "lay B2")
	refuse(t, s, 2, "done", "has a trading post ahead")
	play(t, s, 2, "lay F1", "done", "keep")
	if s.Phase != PhaseOver {
		t.Fatalf("phase %s: the round of the Target is over", s.Phase)
	}
	// Everybody laid out the hand; seat 1's 3 Danish (plus 2 drawn) take the seal from seat 0.
	if s.Scores[0].Target != TargetGold || handTotal(&s.Seats[1].Hand) != 0 {
		t.Fatalf("scores %+v, hand %v", s.Scores, s.Seats[1].Hand)
	}
	if s.Seal(Denmark) != 1 {
		t.Fatalf("Danish seal %d after the final lay-out", s.Seal(Denmark))
	}
}

// Rulebook scoring examples: orange stored the most silk (13); red, yellow and blue share (6
// each); yellow and blue share with red behind (6, 6, 0). Most notes 5, tied 2 each.
func TestWarehouseAndNotesScoring(t *testing.T) {
	silk := Commodity(3)
	cases := []struct {
		name   string
		crates [5]int // silk crates of seats 0..4
		want   [5]int
	}{
		{"sole", [5]int{2, 1, 1, 0, 0}, [5]int{13, 0, 0, 0, 0}},
		{"three share", [5]int{0, 1, 1, 1, 0}, [5]int{0, 6, 6, 6, 0}},
		{"two share", [5]int{0, 1, 2, 2, 0}, [5]int{0, 0, 6, 6, 0}},
		{"nobody", [5]int{}, [5]int{}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			s := bare(t, 5)
			sq := 0
			for seat, n := range tc.crates {
				for i := 0; i < n; i++ {
					s.Warehouse[silk][sq] = rules.Seat(seat)
					sq++
				}
			}
			for i, sc := range s.computeScores() {
				if sc.Warehouses != tc.want[i] {
					t.Errorf("seat %d warehouses %d, want %d", i, sc.Warehouses, tc.want[i])
				}
			}
		})
	}
	s := bare(t, 3)
	s.Seats[0].Notes, s.Seats[1].Notes, s.Seats[2].Notes = 20, 20, 5
	if sc := s.computeScores(); sc[0].Notes != 2 || sc[1].Notes != 2 || sc[2].Notes != 0 {
		t.Fatalf("tied notes %+v", sc)
	}
	s.Seats[1].Notes = 19
	if sc := s.computeScores(); sc[0].Notes != 5 || sc[1].Notes != 0 {
		t.Fatalf("notes %+v", sc)
	}
}

// Landing on one of the last five face-up hexes turns up the next five (NOTES §4.6.6).
func TestRevealNextFive(t *testing.T) {
	st, err := Game.New(3, nil, 7)
	if err != nil {
		t.Fatal(err)
	}
	s := st.(*State)
	if s.FaceUp != 10 {
		t.Fatalf("face up %d", s.FaceUp)
	}
	for b := 0; b < NumCommodities; b++ {
		var seen [NumCompanies]bool
		for _, p := range s.Track[b*5 : b*5+5] {
			seen[p.Company()] = true
		}
		if seen != [5]bool{true, true, true, true, true} {
			t.Fatalf("block %d lacks a company: %v", b, s.Track[b*5:b*5+5])
		}
	}
	for s.Phase == PhaseAuction {
		play(t, s, s.Turn, "pass")
	}
	seat := s.Turn
	c := s.Track[5].Company() // hex 6, the first of the last five face-up hexes
	s.Seats[seat].Pos = 5
	s.Track[4] = -1
	for h := 1; h <= 5; h++ {
		if s.Track[h-1] >= 0 && s.Track[h-1].Company() == c {
			s.Track[h-1] = -1
		}
	}
	s.layOut(t, seat, c.Letter()+"9")
	s.give(t, seat, c.Letter()+"1")
	play(t, s, seat, "lay "+c.Letter()+"1", "done")
	if s.Seats[seat].Pos != 6 || s.FaceUp != 15 || !hasLog(s, "Hexes 11–15 are turned face up") {
		t.Fatalf("pos %d face up %d", s.Seats[seat].Pos, s.FaceUp)
	}
}

func logTexts(s *State) []string {
	var out []string
	for _, l := range s.History.Lines {
		out = append(out, english(l.Public))
	}
	return out
}

// The lay-out is one multi-select: several cards picked together are applied as a batch closed
// by "done" (rules.ApplyBatch); a batch with a card not in hand changes nothing; a batch without
// a majority leaves the player laying out.
func TestLayOutAsOneBatch(t *testing.T) {
	s := bare(t, 3)
	s.layOut(t, 1, "N3")
	s.give(t, 0, "N4 F2")
	lays := func(texts ...string) []rules.Move {
		var out []rules.Move
		for _, x := range texts {
			m, _ := Game.ParseMove(x)
			out = append(out, m)
		}
		return out
	}
	if _, _, err := rules.ApplyBatch(Game, s, 0, lays("lay N1", "lay F3"), "done"); err == nil {
		t.Fatal("a batch with a card not in hand was applied")
	}
	st, recs, err := rules.ApplyBatch(Game, s, 0, lays("lay N4", "lay N1"), "done")
	if err != nil || len(recs) != 2 || st.(*State).Phase != PhaseTurn || st.(*State).LaidNow != 2 {
		t.Fatalf("batch without a majority: %v, %v", recs, err)
	}
	st, recs, err = rules.ApplyBatch(Game, s, 0, lays("lay N4", "lay N2", "lay N1", "lay N3", "lay F2"), "done")
	if err != nil || len(recs) != 6 || recs[5].Move != "done" {
		t.Fatalf("batch: %v, %v", recs, err)
	}
	if got := st.(*State); got.Seats[0].Laid != [5]int{0, 0, 1, 4, 0} || got.Phase != PhaseSail {
		t.Fatalf("laid %v pos %d", got.Seats[0].Laid, got.Seats[0].Pos)
	}
	if s.LaidNow != 0 || s.Seats[0].Hand != [5]int{0, 0, 2, 4, 0} {
		t.Fatal("ApplyBatch changed the original state")
	}
}
