package borneo

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"
)

// componentsDir is the project's component research (NOTES §1.3–§1.5), outside the module.
const componentsDir = "../../../shared/games/components"

// readComponents decodes one JSON file of the component research, skipping the test when the
// research is not on this machine.
func readComponents(t *testing.T, name string, into any) {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(componentsDir, name))
	if os.IsNotExist(err) {
		t.Skipf("component data %s is absent", name)
	}
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(data, into); err != nil {
		t.Fatalf("%s: %v", name, err)
	}
}

// The Go tables in data.go are the component research's JSON, card for card.
func TestTablesMatchComponentData(t *testing.T) {
	var ships []struct {
		ID         string   `json:"id"`
		FlagsTop   []string `json:"flags_top"`
		FlagBottom string   `json:"flag_bottom"`
		Spice      string   `json:"spice"`
		Multiplier int      `json:"multiplier"`
	}
	readComponents(t, "borneo_shipments.json", &ships)
	if len(ships) != numShipments {
		t.Fatalf("%d shipment cards in the data, %d in Go", len(ships), numShipments)
	}
	for i, c := range ships {
		g := &shipments[i]
		got := []string{companyNames[g.top[0]], companyNames[g.top[1]], companyNames[g.top[2]], companyNames[g.bottom], spiceNames[g.spice]}
		want := append(append([]string{}, c.FlagsTop...), c.FlagBottom, c.Spice)
		if c.ID != shipmentIDs[i] || len(c.FlagsTop) != 3 || !equalStrings(got, want) || int(g.mult) != c.Multiplier {
			t.Errorf("%s: Go %v ×%d, data %s %v ×%d", shipmentIDs[i], got, g.mult, c.ID, want, c.Multiplier)
		}
	}

	var harbs []struct {
		ID       string `json:"id"`
		Name     string `json:"name"`
		Spice    string `json:"spice"`
		Monopoly int    `json:"monopoly_flags"`
		Max      int    `json:"max_cards"`
		Mark     string `json:"player_mark"`
	}
	readComponents(t, "borneo_harbors.json", &harbs)
	if len(harbs) != numHarbours {
		t.Fatalf("%d harbours in the data, %d in Go", len(harbs), numHarbours)
	}
	marks := map[string]harbourMark{"all": markAll, "3/4": markThreeFour, "5": markFive}
	for i, h := range harbs {
		g := &harbours[i]
		mark, ok := marks[h.Mark]
		if h.ID != harbourIDs[i] || h.Name != g.name || h.Spice != g.spice.String() || h.Monopoly != int(g.monopoly) ||
			h.Max != int(g.max) || !ok || mark != g.mark {
			t.Errorf("%s: Go %+v, data %+v", harbourIDs[i], *g, h)
		}
	}

	var miss []struct {
		ID     string `json:"id"`
		Kind   string `json:"kind"`
		Amount int    `json:"amount"`
		VP     int    `json:"vp"`
		Mark   string `json:"player_mark"`
	}
	readComponents(t, "borneo_missions.json", &miss)
	if len(miss) != numMissions {
		t.Fatalf("%d missions in the data, %d in Go", len(miss), numMissions)
	}
	// The data names a kind and an amount: "same_type" 4 or 8, "one_of_each" 1, "n_of_each" 2 or 3.
	kinds := map[[2]any]missionKind{{"one_of_each", 1}: oneEach, {"same_type", 4}: fourSame, {"n_of_each", 2}: twoEach,
		{"same_type", 8}: eightSame, {"n_of_each", 3}: threeEach}
	for i, m := range miss {
		g := missions[i]
		kind, ok := kinds[[2]any{m.Kind, m.Amount}]
		if m.ID != missionIDs[i] || !ok || kind != g.kind || m.Amount != missionKindAmount[g.kind] || m.VP != missionKindVP[g.kind] ||
			(m.Mark == "5") != g.fivePlayers {
			t.Errorf("%s: Go %+v (%d×, %d VP), data %+v", missionIDs[i], g, missionKindAmount[g.kind], missionKindVP[g.kind], m)
		}
	}
}

func equalStrings(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}
