package dei

// Component data, transcribed from the project's component research (NOTES §2.3–§2.5, the JSON
// files dei_layouts.json, dei_ship_tracks.json and dei_trading_cards.json). Most of it is
// RECONSTRUCTED there because the rulebook's pictures are missing; the FOUND parts are the ship
// start values, the cargo track's 2 + 2 gold from 5 to 7 and the trading card T09.

// layouts holds the recommended set-up for 2, 3 and 4 players (rulebook appendix, NOTES §2.3),
// indexed by player count. Homes are listed in clockwise seating order from the north.
var layouts = map[int]*Layout{
	2: {
		Players: 2, Width: 13, Height: 13,
		Dark: []Square{{0, 0}, {0, 1}, {0, 2}, {0, 3}, {0, 4}, {0, 5}, {0, 6}, {0, 7}, {0, 8}, {0, 9}, {0, 10}, {0, 11}, {0, 12}, {1, 0}, {1, 1}, {1, 2}, {1, 3}, {1, 4}, {1, 5}, {1, 6}, {1, 7}, {1, 8}, {1, 9}, {1, 10}, {1, 11}, {1, 12}, {11, 0}, {11, 1}, {11, 2}, {11, 3}, {11, 4}, {11, 5}, {11, 6}, {11, 7}, {11, 8}, {11, 9}, {11, 10}, {11, 11}, {11, 12}, {12, 0}, {12, 1}, {12, 2}, {12, 3}, {12, 4}, {12, 5}, {12, 6}, {12, 7}, {12, 8}, {12, 9}, {12, 10}, {12, 11}, {12, 12}},
		Homes: []Home{
			{Side: "N", Land: []Square{{5, 0}, {6, 0}, {7, 0}}, Port: []Square{{5, 1}, {6, 1}, {7, 1}}},
			{Side: "S", Land: []Square{{5, 12}, {6, 12}, {7, 12}}, Port: []Square{{5, 11}, {6, 11}, {7, 11}}},
		},
		Market: Market{Land: []Square{{6, 6}}, Port: []Square{{6, 5}, {7, 6}, {6, 7}, {5, 6}}},
		Islands: []Island{
			{ID: "W1", Big: false, Land: []Square{{3, 2}}, Anchors: []Square{{4, 3}}, Cards: 3},
			{ID: "W2", Big: false, Land: []Square{{3, 10}}, Anchors: []Square{{4, 9}}, Cards: 3},
			{ID: "W3", Big: false, Land: []Square{{9, 2}}, Anchors: []Square{{8, 3}}, Cards: 3},
			{ID: "W4", Big: false, Land: []Square{{9, 10}}, Anchors: []Square{{8, 9}}, Cards: 3},
			{ID: "W5", Big: true, Land: []Square{{10, 5}}, Anchors: []Square{{9, 4}, {9, 5}}, Cards: 6},
			{ID: "W6", Big: true, Land: []Square{{10, 7}}, Anchors: []Square{{9, 8}, {9, 7}}, Cards: 6},
			{ID: "W7", Big: true, Land: []Square{{2, 5}, {2, 6}, {2, 7}}, Anchors: []Square{{3, 5}, {3, 7}}, Cards: 6},
		},
		Pirates: [2]Square{{9, 6}, {4, 6}},
	},
	3: {
		Players: 3, Width: 13, Height: 13,
		Dark: []Square{},
		Homes: []Home{
			{Side: "N", Land: []Square{{5, 0}, {6, 0}, {7, 0}}, Port: []Square{{5, 1}, {6, 1}, {7, 1}}},
			{Side: "E", Land: []Square{{12, 8}, {12, 9}, {12, 10}}, Port: []Square{{11, 8}, {11, 9}, {11, 10}}},
			{Side: "W", Land: []Square{{0, 8}, {0, 9}, {0, 10}}, Port: []Square{{1, 8}, {1, 9}, {1, 10}}},
		},
		Market: Market{Land: []Square{{6, 6}}, Port: []Square{{6, 5}, {7, 6}, {6, 7}, {5, 6}}},
		Islands: []Island{
			{ID: "W1", Big: false, Land: []Square{{6, 3}}, Anchors: []Square{{6, 4}}, Cards: 3},
			{ID: "W2", Big: false, Land: []Square{{3, 7}}, Anchors: []Square{{4, 7}}, Cards: 3},
			{ID: "W3", Big: false, Land: []Square{{9, 7}}, Anchors: []Square{{8, 7}}, Cards: 3},
			{ID: "W4", Big: true, Land: []Square{{0, 3}}, Anchors: []Square{{1, 3}, {0, 4}}, Cards: 7},
			{ID: "W5", Big: true, Land: []Square{{12, 3}}, Anchors: []Square{{11, 3}, {12, 4}}, Cards: 7},
			{ID: "W6", Big: true, Land: []Square{{5, 12}, {6, 12}, {7, 12}}, Anchors: []Square{{5, 11}, {7, 11}}, Cards: 7},
		},
		Pirates: [2]Square{{6, 9}, {2, 1}},
	},
	4: {
		Players: 4, Width: 13, Height: 13,
		Dark: []Square{},
		Homes: []Home{
			{Side: "N", Land: []Square{{5, 0}, {6, 0}, {7, 0}}, Port: []Square{{5, 1}, {6, 1}, {7, 1}}},
			{Side: "E", Land: []Square{{12, 5}, {12, 6}, {12, 7}}, Port: []Square{{11, 5}, {11, 6}, {11, 7}}},
			{Side: "S", Land: []Square{{5, 12}, {6, 12}, {7, 12}}, Port: []Square{{5, 11}, {6, 11}, {7, 11}}},
			{Side: "W", Land: []Square{{0, 5}, {0, 6}, {0, 7}}, Port: []Square{{1, 5}, {1, 6}, {1, 7}}},
		},
		Market: Market{Land: []Square{{6, 6}}, Port: []Square{{6, 5}, {7, 6}, {6, 7}, {5, 6}}},
		Islands: []Island{
			{ID: "W1", Big: false, Land: []Square{{3, 3}}, Anchors: []Square{{4, 4}}, Cards: 3},
			{ID: "W2", Big: false, Land: []Square{{9, 3}}, Anchors: []Square{{8, 4}}, Cards: 3},
			{ID: "W3", Big: false, Land: []Square{{9, 9}}, Anchors: []Square{{8, 8}}, Cards: 3},
			{ID: "W4", Big: false, Land: []Square{{3, 9}}, Anchors: []Square{{4, 8}}, Cards: 3},
			{ID: "W5", Big: true, Land: []Square{{0, 0}}, Anchors: []Square{{1, 0}, {0, 1}}, Cards: 5},
			{ID: "W6", Big: true, Land: []Square{{12, 0}}, Anchors: []Square{{11, 0}, {12, 1}}, Cards: 4},
			{ID: "W7", Big: true, Land: []Square{{12, 12}}, Anchors: []Square{{11, 12}, {12, 11}}, Cards: 5},
			{ID: "W8", Big: true, Land: []Square{{0, 12}}, Anchors: []Square{{1, 12}, {0, 11}}, Cards: 4},
		},
		Pirates: [2]Square{{2, 10}, {10, 2}},
	},
}

// tracks are the three stat tracks of a player board (NOTES §2.4), indexed by Stat.
var tracks = [numStats]Track{
	{Name: "sail", Min: 1, Max: 6, Costs: []int{2, 2, 3, 4, 5}, Start: [2]int{3, 2}},
	{Name: "cargo", Min: 3, Max: 10, Costs: []int{1, 1, 2, 2, 3, 3, 4}, Start: [2]int{7, 5}},
	{Name: "cannons", Min: 1, Max: 8, Costs: []int{1, 1, 2, 2, 3, 3, 4}, Start: [2]int{5, 3}},
}

// cards are the 30 trading cards T01–T30 (NOTES §2.5), indexed by card number − 1: crates asked,
// gold given and spices given.
var cards = [NumCards]Card{
	{Crates: 1, Gold: 0, Spices: []Good{Cardamom}},                   // T01 RECONSTRUCTED
	{Crates: 1, Gold: 0, Spices: []Good{Cinnamon}},                   // T02 RECONSTRUCTED
	{Crates: 1, Gold: 0, Spices: []Good{Clove}},                      // T03 RECONSTRUCTED
	{Crates: 1, Gold: 0, Spices: []Good{Nutmeg}},                     // T04 RECONSTRUCTED
	{Crates: 1, Gold: 3, Spices: []Good{}},                           // T05 RECONSTRUCTED
	{Crates: 2, Gold: 2, Spices: []Good{Cardamom}},                   // T06 RECONSTRUCTED
	{Crates: 2, Gold: 2, Spices: []Good{Cinnamon}},                   // T07 RECONSTRUCTED
	{Crates: 2, Gold: 2, Spices: []Good{Clove}},                      // T08 RECONSTRUCTED
	{Crates: 2, Gold: 2, Spices: []Good{Nutmeg}},                     // T09 FOUND (rules example)
	{Crates: 2, Gold: 1, Spices: []Good{Pepper}},                     // T10 RECONSTRUCTED
	{Crates: 2, Gold: 5, Spices: []Good{}},                           // T11 RECONSTRUCTED
	{Crates: 2, Gold: 5, Spices: []Good{}},                           // T12 RECONSTRUCTED
	{Crates: 3, Gold: 1, Spices: []Good{Cardamom, Cinnamon}},         // T13 RECONSTRUCTED
	{Crates: 3, Gold: 1, Spices: []Good{Clove, Nutmeg}},              // T14 RECONSTRUCTED
	{Crates: 3, Gold: 1, Spices: []Good{Cardamom, Clove}},            // T15 RECONSTRUCTED
	{Crates: 3, Gold: 1, Spices: []Good{Cinnamon, Nutmeg}},           // T16 RECONSTRUCTED
	{Crates: 3, Gold: 4, Spices: []Good{Cardamom}},                   // T17 RECONSTRUCTED
	{Crates: 3, Gold: 4, Spices: []Good{Nutmeg}},                     // T18 RECONSTRUCTED
	{Crates: 3, Gold: 3, Spices: []Good{Pepper}},                     // T19 RECONSTRUCTED
	{Crates: 3, Gold: 7, Spices: []Good{}},                           // T20 RECONSTRUCTED
	{Crates: 4, Gold: 3, Spices: []Good{Cardamom, Nutmeg}},           // T21 RECONSTRUCTED
	{Crates: 4, Gold: 3, Spices: []Good{Cinnamon, Clove}},            // T22 RECONSTRUCTED
	{Crates: 4, Gold: 2, Spices: []Good{Cinnamon, Pepper}},           // T23 RECONSTRUCTED
	{Crates: 4, Gold: 2, Spices: []Good{Clove, Pepper}},              // T24 RECONSTRUCTED
	{Crates: 4, Gold: 6, Spices: []Good{Nutmeg}},                     // T25 RECONSTRUCTED
	{Crates: 4, Gold: 9, Spices: []Good{}},                           // T26 RECONSTRUCTED
	{Crates: 5, Gold: 2, Spices: []Good{Cardamom, Cinnamon, Clove}},  // T27 RECONSTRUCTED
	{Crates: 5, Gold: 2, Spices: []Good{Cinnamon, Nutmeg, Cardamom}}, // T28 RECONSTRUCTED
	{Crates: 5, Gold: 7, Spices: []Good{Pepper}},                     // T29 RECONSTRUCTED
	{Crates: 5, Gold: 4, Spices: []Good{Clove, Pepper}},              // T30 RECONSTRUCTED
}
