package lang

import (
	"testing"

	"spicebot/rules"
)

// TestFrenchElision: "de" before a name that begins with a vowel is "d’" in French text, names
// in bold included; English and other words are left alone (issue 26, item 7).
func TestFrenchElision(t *testing.T) {
	fr := MustNew().For("fr")
	for in, want := range map[string]string{
		"Le marchand de **Alice** prend la place 2.": "Le marchand d’**Alice** prend la place 2.",
		"Au tour de Émile.":                          "Au tour d’Émile.",
		"Le marchand de **Bob** prend la place 2.":   "Le marchand de **Bob** prend la place 2.",
		"Les marchés vont de A à F.":                 "Les marchés vont de A à F.",
		"De Hélène, le navire.":                      "D’Hélène, le navire.",
	} {
		if got := fr.Text(in); got != want {
			t.Errorf("%q → %q, want %q", in, got, want)
		}
	}
	if got := MustNew().For("en").Text("Price de Alice"); got != "Price de Alice" {
		t.Errorf("English changed: %q", got)
	}
	seat := func(rules.Seat) string { return "**Alice**" }
	if got := fr.Expand("Le marchand de {0} part.", seat, nil); got != "Le marchand d’**Alice** part." {
		t.Errorf("Expand: %q", got)
	}
}
