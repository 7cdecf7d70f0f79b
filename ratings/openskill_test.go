package ratings

import (
	"math"
	"testing"
)

// TestModelMatchesOpenSkill checks Rate against the published free-for-all results of
// OpenSkill's Plackett-Luce model (openskill.js, src/models/__tests__/plackett-luce.test.ts):
// every player a newcomer, finishing in seat order.
func TestModelMatchesOpenSkill(t *testing.T) {
	m := DefaultModel()
	want := map[int][]Skill{
		2: {sk(27.63523138347365, 8.065506316323548), sk(22.36476861652635, 8.065506316323548)},
		3: {sk(27.868876552746237, 8.204837030780652), sk(25.717219138186557, 8.057829747583874), sk(21.413904309067206, 8.057829747583874)},
		4: {sk(27.795084971874736, 8.263160757613477), sk(26.552824984374855, 8.179213704945203),
			sk(24.68943500312503, 8.083731307186588), sk(20.96265504062538, 8.083731307186588)},
		5: {sk(27.666666666666668, 8.290556877154474), sk(26.833333333333332, 8.240145629781066),
			sk(25.72222222222222, 8.179996679645559), sk(24.055555555555557, 8.111796013701358), sk(20.72222222222222, 8.111796013701358)},
	}
	for n, w := range want {
		skills, ranks := make([]Skill, n), make([]int, n)
		for i := range skills {
			skills[i], ranks[i] = m.New(), i+1
		}
		got, err := m.Rate(skills, ranks)
		if err != nil {
			t.Fatal(err)
		}
		for i := range w {
			if math.Abs(got[i].Mu-w[i].Mu) > 1e-9 || math.Abs(got[i].Sigma-w[i].Sigma) > 1e-9 {
				t.Errorf("%d players, place %d: got %+v, want %+v", n, i+1, got[i], w[i])
			}
		}
	}
}

// TestModelTies checks that tied players move alike and that a game of one changes nothing.
func TestModelTies(t *testing.T) {
	m := DefaultModel()
	got, err := m.Rate([]Skill{m.New(), m.New(), m.New()}, []int{1, 1, 3})
	if err != nil {
		t.Fatal(err)
	}
	if got[0] != got[1] || got[0].Mu <= got[2].Mu {
		t.Errorf("tie for first: %+v", got)
	}
	one, _ := m.Rate([]Skill{sk(30, 2)}, []int{1})
	if one[0] != (sk(30, 2)) {
		t.Errorf("a game of one changed the rating: %+v", one)
	}
	if _, err := m.Rate([]Skill{m.New()}, []int{0}); err == nil {
		t.Error("rank 0 accepted")
	}
}

// sk is a rating.
func sk(mu, sigma float64) Skill { return Skill{Mu: mu, Sigma: sigma} }
