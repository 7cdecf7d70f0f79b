package drawborneo

import (
	"bytes"
	"fmt"
	"image"
	"strings"
	"sync"
	"testing"

	"spicebot/render"
	"spicebot/render/rendertest"
	"spicebot/rules"
	"spicebot/rules/borneo"
)

func card(id, top, bottom, spice string, double bool) borneo.CardView {
	return borneo.CardView{ID: id, Top: [3]string{top[0:1], top[1:2], top[2:3]}, Bottom: bottom, Spice: spice, Double: double}
}

// flagsOf counts visible flags as the view does: every top row and the last card's bottom flag.
func flagsOf(cards []borneo.CardView) [4]int {
	var f [4]int
	idx := map[string]int{"Y": 0, "R": 1, "G": 2, "B": 3}
	for i, c := range cards {
		for _, l := range c.Top {
			f[idx[l]]++
		}
		if i == len(cards)-1 {
			f[idx[c.Bottom]]++
		}
	}
	return f
}

func harbour(id, name, spice string, mono, max int, cards ...borneo.CardView) borneo.HarbourView {
	return borneo.HarbourView{ID: id, Name: name, Spice: spice, Monopoly: mono, Max: max, Cards: cards, Flags: flagsOf(cards)}
}

var (
	mOne   = borneo.MissionView{Kind: "one-each", Text: "one spice of each type", VP: 6}
	mFour  = borneo.MissionView{Kind: "four-same", Text: "four spices of one type", VP: 8}
	mTwo   = borneo.MissionView{Kind: "two-each", Text: "two spices of each type", VP: 15}
	mEight = borneo.MissionView{Kind: "eight-same", Text: "eight spices of one type", VP: 20}
	mThree = borneo.MissionView{Kind: "three-each", Text: "three spices of each type", VP: 25}
)

func mission(m borneo.MissionView, id string) borneo.MissionView { m.ID = id; return m }

// midGame returns a hand-built mid-game observer view for players seats (3–5).
func midGame(players int) borneo.View {
	v := borneo.View{
		Viewer:  rules.Observer,
		Players: players,
		Phase:   "ship",
		Turn:    1,
		Active:  []rules.Seat{1},
		Status:  "{1} must ship a card to a harbour.",
		LastMove: "{0} shipped [[S07]] to [[H01]]; the red company has a monopoly and " +
			"{0} takes the harbour.",
		DeckCount: 31, DiscardCount: 7, HarbourDeckCount: 6,
		Blackbeard: players == 4,
	}
	names := []string{"yellow", "red", "green", "blue"}
	letters := []string{"Y", "R", "G", "B"}
	merchants := 3 * players
	for i := 0; i < merchants; i++ {
		co := (i*7 + i/4) % 4
		if len(v.Companies[co].Merchants) >= 5 {
			co = (co + 1) % 4
		}
		v.Companies[co].Merchants = append(v.Companies[co].Merchants, rules.Seat(i%players))
	}
	for i := range v.Companies {
		v.Companies[i].Name, v.Companies[i].Letter = names[i], letters[i]
	}
	v.Harbours = []borneo.HarbourView{
		harbour("H01", "Achim", "cloves", 6, 4,
			card("S12", "YRY", "G", "pepper", false),
			card("S33", "RRG", "R", "nutmeg", true)),
		harbour("H06", "Malacca", "cinnamon", 7, 5,
			card("S05", "YYR", "Y", "wild", false),
			card("S41", "GBB", "G", "cinnamon", false),
			card("S18", "BBG", "Y", "cloves", true),
			card("S50", "BYB", "B", "pepper", false)),
		harbour("H03", "Bantam", "pepper", 6, 4),
	}
	v.Missions = []borneo.MissionView{
		mission(mOne, "M01"), mission(mOne, "M02"), mission(mFour, "M05"), mission(mFour, "M06"),
		mission(mFour, "M07"), mission(mTwo, "M09"), mission(mTwo, "M10"), mission(mEight, "M12"),
		mission(mThree, "M15"),
	}
	for s := 0; s < players; s++ {
		sv := borneo.SeatView{Seat: rules.Seat(s), HandCount: 6 - s%3}
		sv.Warehouse = []borneo.CardView{card(fmt.Sprintf("S%02d", 20+s), "YYY", "R", "pepper", false)}
		sv.Units = [5]int{1 + s, s % 2, 2 * (s % 3), 0, s % 2}
		if s == 0 {
			sv.Harbours = []borneo.HarbourView{{ID: "H02", Name: "Ternate", Spice: "cloves", Monopoly: 7, Max: 5}}
			sv.Units[2]++
		}
		if s == 2 {
			sv.Missions = []borneo.MissionView{mission(mOne, "M03"), mission(mFour, "M08")}
		}
		sv.Pirate = s == 2 && v.Blackbeard
		sv.Score = len(sv.Warehouse) + len(sv.Harbours)
		for _, m := range sv.Missions {
			sv.Score += m.VP
		}
		if sv.Pirate {
			sv.Score -= 2
		}
		v.Seats = append(v.Seats, sv)
	}
	return v
}

// withHand returns v as seen by seat.
func withHand(v borneo.View, seat rules.Seat) borneo.View {
	v.Viewer = seat
	v.Hand = []borneo.CardView{
		card("S02", "YYY", "R", "pepper", false),
		card("S03", "RYY", "Y", "cloves", true),
		card("S27", "GGB", "G", "nutmeg", false),
		card("S38", "BRB", "B", "cinnamon", true),
		card("S44", "GGG", "Y", "wild", false),
	}
	return v
}

func fight(v borneo.View) borneo.View {
	v.Phase = "defend"
	v.Active = []rules.Seat{0}
	v.Status = "{0} must defend the yellow company's #1 merchant against {1}."
	v.LastMove = "{1} attacks {0} in yellow with 2 cards."
	co := v.Companies[0].Merchants
	v.Fight = &borneo.FightView{
		Company: "Y", Attacker: co[len(co)-1], Defender: co[0], AttackerRank: len(co), DefenderRank: 1,
		AttackCards: []borneo.CardView{card("S01", "YYY", "R", "wild", false), card("S04", "YRY", "Y", "cinnamon", false)},
		AttackFlags: 6, Bonus: len(co) - 2,
	}
	return v
}

func distribution(v borneo.View) borneo.View {
	v.Phase = "pick"
	v.Active = []rules.Seat{2}
	v.Status = "{2} must pick a spice from Malacca."
	v.Distribution = &borneo.DistributionView{
		Harbour: v.Harbours[1], Companies: []string{"B", "Y", "G", "R"}, Picker: 2,
		Pool: v.Harbours[1].Cards[1:],
	}
	return v
}

func payment(v borneo.View) borneo.View {
	v.Phase = "pay"
	v.Status = "{1} must pay for [[M05]]."
	v.Payment = &borneo.PaymentView{Seat: 1, Mission: mission(mFour, "M05"), Type: "pepper",
		Paid: []string{"S21", "H04"}, Remaining: "2 pepper"}
	return v
}

func over(v borneo.View) borneo.View {
	v.Phase = "over"
	v.Active = nil
	v.Status = ""
	v.LastMove = "{2} completed mission [[M12]] in the last chance."
	v.Harbours = nil
	v.DeckCount, v.DiscardCount, v.HarbourDeckCount = 0, 44, 0
	o := &rules.Outcome{TieBreak: "{2} and {0} tie on 23; {2} has more missions."}
	for i, s := range v.Seats {
		o.Scores = append(o.Scores, s.Score+10+i)
		o.Details = append(o.Details, fmt.Sprintf("%d cards, %d harbours, missions %d VP", len(s.Warehouse), len(s.Harbours), s.Score))
	}
	o.Winners = []rules.Seat{2}
	v.Outcome = o
	return v
}

var names5 = []string{"Alice", "Bob", "Chandra", "Dmitri", "Eleanor Rigby-Smythe"}

func newRenderer(t testing.TB) *render.Renderer {
	t.Helper()
	r, err := render.New([]render.Game{{Rules: borneo.Game, Draw: Drawer}})
	if err != nil {
		t.Fatal(err)
	}
	return r
}

func TestBorneoBoardShapes(t *testing.T) {
	r := newRenderer(t)
	texts := rendertest.Trace(r)
	cases := map[string]borneo.View{}
	for p := 3; p <= 5; p++ {
		cases[fmt.Sprintf("mid%d", p)] = midGame(p)
	}
	cases["fight"] = fight(midGame(4))
	cases["distribution"] = distribution(midGame(5))
	cases["payment"] = payment(midGame(3))
	cases["over"] = over(midGame(4))
	empty := midGame(3)
	empty.Missions, empty.Harbours, empty.LastMove = nil, nil, ""
	cases["empty"] = empty
	heights := map[string]int{}
	for name, v := range cases {
		img, err := r.Board(v, names5[:v.Players])
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		data, err := Drawer.Palette().EncodePNG(img)
		if err != nil {
			t.Fatal(err)
		}
		heights[name] = rendertest.Decode(t, data, bW)
		worst, _ := rendertest.CheckFills(t, img.(*image.RGBA), data)
		t.Logf("%s: %d bytes, largest edge change %d", name, len(data), worst)
		if worst > 128 {
			t.Errorf("%s: an edge pixel changed by %d in one channel", name, worst)
		}
		rendertest.Save(t, "board-"+name, data)
		texts.Check(t, "board "+name)
	}
	// More seats and extra panels make the board taller.
	if !(heights["mid3"] < heights["mid4"] && heights["mid4"] < heights["mid5"]) {
		t.Errorf("heights by player count %d, %d, %d are not increasing", heights["mid3"], heights["mid4"], heights["mid5"])
	}
	if heights["fight"] <= heights["mid4"] {
		t.Errorf("fight board %d px is not taller than plain board %d px", heights["fight"], heights["mid4"])
	}
	if heights["over"] <= heights["mid4"] {
		t.Errorf("final board %d px is not taller than plain board %d px", heights["over"], heights["mid4"])
	}
}

func TestBorneoPointerAndValueViewsMatch(t *testing.T) {
	r := newRenderer(t)
	v := midGame(4)
	a, err := r.Board(v, names5)
	if err != nil {
		t.Fatal(err)
	}
	b, err := r.Board(&v, names5)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(a.(*image.RGBA).Pix, b.(*image.RGBA).Pix) {
		t.Error("board from *View differs from board from View")
	}
}

func TestBorneoHandShapes(t *testing.T) {
	r := newRenderer(t)
	texts := rendertest.Trace(r)
	cases := map[string]borneo.View{
		"hand":    withHand(midGame(4), 1),
		"waiting": withHand(midGame(4), 2),
		"pirate":  withHand(midGame(4), 2),
	}
	big := withHand(midGame(5), 1)
	big.Hand = append(big.Hand, big.Hand[:3]...) // 8 cards: after drawing, before discarding
	cases["eight"] = big
	none := withHand(over(midGame(3)), 0)
	none.Hand = nil
	cases["none"] = none
	heights := map[string]int{}
	for name, v := range cases {
		img, err := r.Hand(v, names5)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		data, err := Drawer.Palette().EncodePNG(img)
		if err != nil {
			t.Fatal(err)
		}
		heights[name] = rendertest.Decode(t, data, hW)
		rendertest.Save(t, "hand-"+name, data)
		texts.Check(t, "hand "+name)
	}
	if heights["eight"] <= heights["hand"] {
		t.Errorf("8-card hand %d px is not taller than a 5-card hand %d px", heights["eight"], heights["hand"])
	}
}

func TestUnknownAndBadViews(t *testing.T) {
	r := newRenderer(t)
	var nilView *borneo.View
	for _, view := range []any{nil, 42, "board", struct{}{}, nilView} {
		if _, err := r.Board(view, nil); err == nil {
			t.Errorf("Board(%T) returned no error", view)
		}
		if _, err := r.Hand(view, nil); err == nil {
			t.Errorf("Hand(%T) returned no error", view)
		}
	}
	if _, err := r.Hand(midGame(4), names5); err == nil || !strings.Contains(err.Error(), "observer") {
		t.Errorf("Hand of the observer view: err %v, want an error naming the observer", err)
	}
	if _, err := r.Board(borneo.View{}, nil); err == nil {
		t.Error("Board of a view without seats returned no error")
	}
	if _, err := Drawer.Palette().EncodePNG(nil); err == nil {
		t.Error("Drawer.Palette().EncodePNG(nil) returned no error")
	}
}

// The board must be drawn from public fields only: two views that differ only in what is hidden
// from the channel (the viewer's hand, who the viewer is) give identical images.
func TestBorneoBoardShowsNoHiddenInformation(t *testing.T) {
	r := newRenderer(t)
	a := midGame(4)
	b := withHand(midGame(4), 2)
	b.Hand[0] = card("S59", "BBB", "G", "nutmeg", true)
	c := withHand(midGame(4), 3)
	var imgs [][]byte
	for _, v := range []borneo.View{a, b, c} {
		img, err := r.Board(v, names5[:4])
		if err != nil {
			t.Fatal(err)
		}
		data, err := Drawer.Palette().EncodePNG(img)
		if err != nil {
			t.Fatal(err)
		}
		imgs = append(imgs, data)
	}
	if !bytes.Equal(imgs[0], imgs[1]) || !bytes.Equal(imgs[0], imgs[2]) {
		t.Error("board images differ when only hidden information differs")
	}
	// And the test can fail: a public change does change the image.
	d := midGame(4)
	d.Seats[1].HandCount++
	img, err := r.Board(d, names5[:4])
	if err != nil {
		t.Fatal(err)
	}
	data, _ := Drawer.Palette().EncodePNG(img)
	if bytes.Equal(imgs[0], data) {
		t.Error("board image did not change with a public hand size")
	}
}

func TestBorneoHandShowsHand(t *testing.T) {
	r := newRenderer(t)
	a := withHand(midGame(4), 1)
	b := withHand(midGame(4), 1)
	b.Hand[4] = card("S44", "GGG", "Y", "pepper", false)
	ia, err := r.Hand(a, names5)
	if err != nil {
		t.Fatal(err)
	}
	ib, err := r.Hand(b, names5)
	if err != nil {
		t.Fatal(err)
	}
	if bytes.Equal(ia.(*image.RGBA).Pix, ib.(*image.RGBA).Pix) {
		t.Error("hand image did not change when a card's spice changed")
	}
}

// Rendering from several goroutines at once gives the same images as rendering alone (run with
// -race to check the caches and faces).
func TestConcurrentRendering(t *testing.T) {
	r := newRenderer(t)
	views := []borneo.View{midGame(3), fight(midGame(4)), distribution(midGame(5)), over(midGame(4))}
	want := make([][]byte, len(views))
	for i, v := range views {
		im, err := newRenderer(t).Board(v, names5)
		if err != nil {
			t.Fatal(err)
		}
		want[i] = im.(*image.RGBA).Pix
	}
	var wg sync.WaitGroup
	errs := make(chan error, 16)
	for g := 0; g < 8; g++ {
		wg.Add(1)
		go func(g int) {
			defer wg.Done()
			for k := 0; k < 3; k++ {
				i := (g + k) % len(views)
				im, err := r.Board(views[i], names5)
				if err != nil {
					errs <- err
					return
				}
				if !bytes.Equal(im.(*image.RGBA).Pix, want[i]) {
					errs <- fmt.Errorf("goroutine %d: view %d rendered differently", g, i)
					return
				}
				if _, err := r.Hand(withHand(views[i], 0), names5); err != nil {
					errs <- err
					return
				}
			}
		}(g)
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
}

// BenchmarkBorneoBoard draws and encodes a mid-game 4-player board (see
// rendertest.BenchmarkImage).
func BenchmarkBorneoBoard(b *testing.B) {
	rendertest.BenchmarkImage(b, newRenderer(b), midGame(4), names5[:4], false)
}

// BenchmarkBorneoHand draws and encodes a 5-card hand.
func BenchmarkBorneoHand(b *testing.B) {
	rendertest.BenchmarkImage(b, newRenderer(b), withHand(midGame(4), 1), names5[:4], true)
}
