// Component tables transcribed from the project's Borneo component research (NOTES §1.3–§1.5).

package borneo

// shipments are the 60 shipment cards S01..S60 (NOTES §1.3), indexed by card id − 1.
var shipments = [numShipments]shipment{
	{top: [3]company{yellow, yellow, yellow}, bottom: red, spice: wild, mult: 1},       // S01
	{top: [3]company{yellow, yellow, yellow}, bottom: red, spice: pepper, mult: 1},     // S02
	{top: [3]company{red, yellow, yellow}, bottom: yellow, spice: cloves, mult: 2},     // S03
	{top: [3]company{yellow, red, yellow}, bottom: yellow, spice: cinnamon, mult: 1},   // S04
	{top: [3]company{yellow, yellow, red}, bottom: yellow, spice: nutmeg, mult: 1},     // S05
	{top: [3]company{yellow, yellow, yellow}, bottom: green, spice: cinnamon, mult: 2}, // S06
	{top: [3]company{yellow, yellow, yellow}, bottom: green, spice: nutmeg, mult: 1},   // S07
	{top: [3]company{green, yellow, yellow}, bottom: yellow, spice: cinnamon, mult: 1}, // S08
	{top: [3]company{yellow, green, yellow}, bottom: yellow, spice: pepper, mult: 1},   // S09
	{top: [3]company{yellow, yellow, green}, bottom: yellow, spice: cloves, mult: 1},   // S10
	{top: [3]company{yellow, yellow, yellow}, bottom: blue, spice: pepper, mult: 1},    // S11
	{top: [3]company{yellow, yellow, yellow}, bottom: blue, spice: cloves, mult: 1},    // S12
	{top: [3]company{blue, yellow, yellow}, bottom: yellow, spice: cinnamon, mult: 1},  // S13
	{top: [3]company{yellow, blue, yellow}, bottom: yellow, spice: pepper, mult: 2},    // S14
	{top: [3]company{yellow, yellow, blue}, bottom: yellow, spice: nutmeg, mult: 1},    // S15
	{top: [3]company{red, red, red}, bottom: green, spice: nutmeg, mult: 1},            // S16
	{top: [3]company{red, red, red}, bottom: green, spice: cloves, mult: 2},            // S17
	{top: [3]company{green, red, red}, bottom: red, spice: cloves, mult: 1},            // S18
	{top: [3]company{red, green, red}, bottom: red, spice: cinnamon, mult: 2},          // S19
	{top: [3]company{red, red, green}, bottom: red, spice: pepper, mult: 1},            // S20
	{top: [3]company{red, red, red}, bottom: blue, spice: cinnamon, mult: 1},           // S21
	{top: [3]company{red, red, red}, bottom: blue, spice: cloves, mult: 1},             // S22
	{top: [3]company{blue, red, red}, bottom: red, spice: nutmeg, mult: 2},             // S23
	{top: [3]company{red, blue, red}, bottom: red, spice: pepper, mult: 1},             // S24
	{top: [3]company{red, red, blue}, bottom: red, spice: nutmeg, mult: 1},             // S25
	{top: [3]company{red, red, red}, bottom: yellow, spice: nutmeg, mult: 1},           // S26
	{top: [3]company{red, red, red}, bottom: yellow, spice: cloves, mult: 1},           // S27
	{top: [3]company{yellow, red, red}, bottom: red, spice: wild, mult: 1},             // S28
	{top: [3]company{red, yellow, red}, bottom: red, spice: pepper, mult: 1},           // S29
	{top: [3]company{red, red, yellow}, bottom: red, spice: cinnamon, mult: 1},         // S30
	{top: [3]company{green, green, green}, bottom: blue, spice: nutmeg, mult: 2},       // S31
	{top: [3]company{green, green, green}, bottom: blue, spice: cinnamon, mult: 1},     // S32
	{top: [3]company{blue, green, green}, bottom: green, spice: cloves, mult: 1},       // S33
	{top: [3]company{green, blue, green}, bottom: green, spice: wild, mult: 1},         // S34
	{top: [3]company{green, green, blue}, bottom: green, spice: pepper, mult: 1},       // S35
	{top: [3]company{green, green, green}, bottom: yellow, spice: pepper, mult: 1},     // S36
	{top: [3]company{green, green, green}, bottom: yellow, spice: cloves, mult: 2},     // S37
	{top: [3]company{yellow, green, green}, bottom: green, spice: pepper, mult: 2},     // S38
	{top: [3]company{green, yellow, green}, bottom: green, spice: cinnamon, mult: 1},   // S39
	{top: [3]company{green, green, yellow}, bottom: green, spice: nutmeg, mult: 1},     // S40
	{top: [3]company{green, green, green}, bottom: red, spice: cinnamon, mult: 1},      // S41
	{top: [3]company{green, green, green}, bottom: red, spice: pepper, mult: 1},        // S42
	{top: [3]company{red, green, green}, bottom: green, spice: cloves, mult: 1},        // S43
	{top: [3]company{green, red, green}, bottom: green, spice: nutmeg, mult: 1},        // S44
	{top: [3]company{green, green, red}, bottom: green, spice: cloves, mult: 1},        // S45
	{top: [3]company{blue, blue, blue}, bottom: yellow, spice: wild, mult: 1},          // S46
	{top: [3]company{blue, blue, blue}, bottom: yellow, spice: cinnamon, mult: 1},      // S47
	{top: [3]company{yellow, blue, blue}, bottom: blue, spice: pepper, mult: 1},        // S48
	{top: [3]company{blue, yellow, blue}, bottom: blue, spice: nutmeg, mult: 1},        // S49
	{top: [3]company{blue, blue, yellow}, bottom: blue, spice: cloves, mult: 1},        // S50
	{top: [3]company{blue, blue, blue}, bottom: red, spice: pepper, mult: 1},           // S51
	{top: [3]company{blue, blue, blue}, bottom: red, spice: nutmeg, mult: 1},           // S52
	{top: [3]company{red, blue, blue}, bottom: blue, spice: cinnamon, mult: 1},         // S53
	{top: [3]company{blue, red, blue}, bottom: blue, spice: cloves, mult: 1},           // S54
	{top: [3]company{blue, blue, red}, bottom: blue, spice: cinnamon, mult: 2},         // S55
	{top: [3]company{blue, blue, blue}, bottom: green, spice: cinnamon, mult: 1},       // S56
	{top: [3]company{blue, blue, blue}, bottom: green, spice: nutmeg, mult: 2},         // S57
	{top: [3]company{green, blue, blue}, bottom: blue, spice: pepper, mult: 2},         // S58
	{top: [3]company{blue, green, blue}, bottom: blue, spice: nutmeg, mult: 1},         // S59
	{top: [3]company{blue, blue, green}, bottom: blue, spice: cloves, mult: 1},         // S60
}

// harbours are the 14 harbour cards H01..H14 (NOTES §1.4), indexed by harbour id − 1.
var harbours = [numHarbours]harbourCard{
	{name: "Achim", spice: cloves, monopoly: 6, max: 4, mark: markAll},           // H01
	{name: "Ternate", spice: cloves, monopoly: 7, max: 5, mark: markAll},         // H02
	{name: "Bantam", spice: pepper, monopoly: 6, max: 4, mark: markAll},          // H03
	{name: "Jambi", spice: pepper, monopoly: 7, max: 5, mark: markAll},           // H04
	{name: "Galle", spice: cinnamon, monopoly: 6, max: 4, mark: markAll},         // H05
	{name: "Malacca", spice: cinnamon, monopoly: 7, max: 5, mark: markAll},       // H06
	{name: "Banda", spice: nutmeg, monopoly: 6, max: 4, mark: markAll},           // H07
	{name: "Amboina", spice: nutmeg, monopoly: 7, max: 5, mark: markAll},         // H08
	{name: "Tidore", spice: cloves, monopoly: 5, max: 3, mark: markThreeFour},    // H09
	{name: "Palembang", spice: pepper, monopoly: 5, max: 3, mark: markThreeFour}, // H10
	{name: "Johor", spice: cinnamon, monopoly: 5, max: 3, mark: markThreeFour},   // H11
	{name: "Run", spice: nutmeg, monopoly: 5, max: 3, mark: markThreeFour},       // H12
	{name: "Batavia", spice: wild, monopoly: 7, max: 5, mark: markFive},          // H13
	{name: "Macassar", spice: wild, monopoly: 7, max: 5, mark: markFive},         // H14
}

// missions are the 16 mission tiles M01..M16 (NOTES §1.5), indexed by mission id − 1.
var missions = [numMissions]missionTile{
	{kind: oneEach, fivePlayers: false},   // M01, 6 VP
	{kind: oneEach, fivePlayers: false},   // M02, 6 VP
	{kind: oneEach, fivePlayers: false},   // M03, 6 VP
	{kind: oneEach, fivePlayers: true},    // M04, 6 VP
	{kind: fourSame, fivePlayers: false},  // M05, 8 VP
	{kind: fourSame, fivePlayers: false},  // M06, 8 VP
	{kind: fourSame, fivePlayers: false},  // M07, 8 VP
	{kind: fourSame, fivePlayers: true},   // M08, 8 VP
	{kind: twoEach, fivePlayers: false},   // M09, 15 VP
	{kind: twoEach, fivePlayers: false},   // M10, 15 VP
	{kind: twoEach, fivePlayers: true},    // M11, 15 VP
	{kind: eightSame, fivePlayers: false}, // M12, 20 VP
	{kind: eightSame, fivePlayers: false}, // M13, 20 VP
	{kind: eightSame, fivePlayers: true},  // M14, 20 VP
	{kind: threeEach, fivePlayers: false}, // M15, 25 VP
	{kind: threeEach, fivePlayers: false}, // M16, 25 VP
}
