// Command spicebot hosts spice-trading board games in Discord channels.
//
//	spicebot serve   run the bot (DISCORD_TOKEN required)
//	spicebot games   list the games, their player counts and options
//	spicebot sim     play complete games of random legal moves (or the game's own playout policy,
//	                 for a game whose random games do not end) and report speed, or replay an
//	                 exported game (--replay FILE, see replay.go)
//	spicebot render  draw a board (or a seat's hand) after some random moves
//	spicebot ratings rebuild   compute every rating again from the stored games (ratings_cmd.go)
//	spicebot backup, restore, import  the operator's commands over the database (store_ops.go)
//
// Configuration comes from flags, each defaulting to an environment variable (see README.md).
package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"os"
	"os/signal"
	"sort"
	"strings"
	"syscall"
	"time"

	"spicebot/bot"
	"spicebot/commands"
	"spicebot/data"
	"spicebot/games"
	"spicebot/lang"
	"spicebot/rules"
	"spicebot/web"
)

func main() {
	os.Exit(run(context.Background(), os.Args[1:], os.Stdout, os.Stderr))
}

const usage = `usage: spicebot <command> [flags]

commands:
  serve    run the Discord bot (needs DISCORD_TOKEN)
  games    list the games with ids, player counts and options ([--lang fr])
  sim      play complete games of random legal moves (--game --players --games --seed [--json]),
           or replay an exported game (--replay FILE), or AI players against each other
           (--ai strong,random,random,random [--iterations N --budget D --workers N])
  render   draw the board or a hand after random moves (--game --players --seed --moves [--seat] [--names] [--lang fr] --out)
  ratings  rebuild: compute every rating again from the stored games, after a rules fix (--db)
  backup   write a consistent snapshot of the SQLite database to FILE, even while the bot runs ([--db] FILE)
  restore  replace the SQLite database with the backup FILE (the bot stopped; [--db] FILE)
  import   move every game of an SQLite database into PostgreSQL (--from spicebot.db --to postgres://…)

Run "spicebot <command> -h" for a command's flags.
`

// run is main without the exit, for tests. It returns the process exit code.
func run(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		fmt.Fprint(stderr, usage)
		return 2
	}
	reg := games.Registry()
	var err error
	switch args[0] {
	case "serve":
		return serve(ctx, args[1:], stderr, reg)
	case "games":
		err = listGames(args[1:], stdout, stderr, reg)
	case "sim":
		err = sim(args[1:], stdout, stderr, reg)
	case "render":
		err = renderCmd(args[1:], stdout, stderr, reg)
	case "ratings":
		err = ratingsCmd(ctx, args[1:], stdout, stderr, reg)
	case "backup":
		err = backupCmd(ctx, args[1:], stdout, stderr)
	case "restore":
		err = restoreCmd(ctx, args[1:], stdout, stderr, reg)
	case "import":
		err = importCmd(ctx, args[1:], stdout, stderr, reg)
	case "help", "-h", "--help":
		fmt.Fprint(stdout, usage)
		return 0
	default:
		fmt.Fprintf(stderr, "spicebot: unknown command %q\n\n%s", args[0], usage)
		return 2
	}
	if errors.Is(err, flag.ErrHelp) {
		return 0
	}
	if err != nil {
		fmt.Fprintf(stderr, "spicebot %s: %v\n", args[0], err)
		return 1
	}
	return 0
}

func env(key, def string) string {
	if v, ok := os.LookupEnv(key); ok && v != "" {
		return v
	}
	return def
}

// noTokenHelp is what serve says without a token; %d is commands.InvitePermissions.
const noTokenHelp = `spicebot serve: DISCORD_TOKEN is not set.

Create a bot token at https://discord.com/developers/applications:
  1. New Application -> Bot -> Reset Token, and copy it;
  2. invite the bot to your server with this URL, your application id (General Information ->
     Application ID) in place of APPLICATION_ID: it asks for the scopes "bot" and
     "applications.commands" and the permissions View Channels, Send Messages, Send Messages in
     Threads, Attach Files and Read Message History:
     https://discord.com/oauth2/authorize?client_id=APPLICATION_ID&scope=bot+applications.commands&permissions=%d
Then run:  DISCORD_TOKEN=<token> ./spicebot serve   (after go build -o spicebot .)
`

// serve runs the bot until SIGINT or SIGTERM.
func serve(ctx context.Context, args []string, stderr io.Writer, reg *rules.Registry) int {
	fs := flag.NewFlagSet("serve", flag.ContinueOnError)
	fs.SetOutput(stderr)
	token := fs.String("token", env("DISCORD_TOKEN", ""), "bot token (env DISCORD_TOKEN)")
	guild := fs.String("guild", env("DISCORD_GUILD_ID", ""), "register commands in this guild only (env DISCORD_GUILD_ID)")
	dbPath := fs.String("db", env("SPICEBOT_DB", "spicebot.db"), "SQLite database file, or a postgres:// URL for several processes (env SPICEBOT_DB)")
	apiURL := fs.String("api-url", env("DISCORD_API_URL", bot.DefaultAPIURL), "Discord API base URL (env DISCORD_API_URL)")
	logLevel := fs.String("log-level", env("SPICEBOT_LOG_LEVEL", "info"), "debug, info, warn or error (env SPICEBOT_LOG_LEVEL)")
	paceTick := fs.Duration("pace-tick", envDuration("SPICEBOT_PACE_TICK", bot.SchedulerEvery), "how often the scheduler looks for due reminders and deadlines (env SPICEBOT_PACE_TICK)")
	outboxLease := fs.Duration("outbox-lease", envDuration("SPICEBOT_OUTBOX_LEASE", time.Minute), "how long a process holds the board posts and DMs it is sending; another process sends those of a dead one after this (env SPICEBOT_OUTBOX_LEASE)")
	restRate := fs.Float64("rest-rate", envFloat("SPICEBOT_REST_RATE", bot.DefaultRESTRate), "REST calls per second to Discord outside interaction replies, for the whole bot (processes on one database share it; negative: no limit) (env SPICEBOT_REST_RATE)")
	statusEvery := fs.Duration("status-every", envDuration("SPICEBOT_STATUS_EVERY", commands.StatusEvery), "how long a game's status line in the parent channel waits before it shows a new turn; turns that come sooner share one edit (0: every turn) (env SPICEBOT_STATUS_EVERY)")
	ops := addOpsFlags(fs)
	webAddr := fs.String("web", env("SPICEBOT_WEB", ""), "serve the games' web pages on this address, e.g. :8080; may be the --http or --metrics address (env SPICEBOT_WEB)")
	publicURL := fs.String("public-url", env("SPICEBOT_PUBLIC_URL", ""), "the address the web pages are reached at from outside, e.g. https://spicebot.example.org, for the links posted in Discord (env SPICEBOT_PUBLIC_URL)")
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		return 2
	}
	if *token == "" {
		fmt.Fprintf(stderr, noTokenHelp, commands.InvitePermissions())
		return 2
	}
	cfg := bot.Config{Token: *token, GuildID: *guild, APIURL: *apiURL, SchedulerEvery: *paceTick, OutboxLease: *outboxLease, RESTRate: *restRate,
		StatusEvery: *statusEvery}
	if cfg.StatusEvery == 0 {
		cfg.StatusEvery = -1 // every turn at once (Config's zero is the default)
	}
	if err := ops.apply(&cfg, *dbPath); err != nil {
		fmt.Fprintf(stderr, "spicebot serve: %v\n", err)
		return 2
	}
	var level slog.Level
	if err := level.UnmarshalText([]byte(*logLevel)); err != nil {
		fmt.Fprintf(stderr, "spicebot serve: bad log level %q\n", *logLevel)
		return 2
	}
	log := slog.New(slog.NewJSONHandler(stderr, &slog.HandlerOptions{Level: level}))
	ctx, stop := signal.NotifyContext(ctx, os.Interrupt, syscall.SIGTERM)
	defer stop()
	if !isPostgres(*dbPath) {
		// One process per SQLite file: a second serve stops here, saying why.
		lock, err := data.LockFile(*dbPath)
		if err != nil {
			fmt.Fprintf(stderr, "spicebot serve: %v\n", err)
			return 1
		}
		defer lock.Unlock()
	}
	store, err := data.Open(ctx, *dbPath)
	if err != nil {
		log.Error("open database", "db", data.Where(*dbPath), "err", err)
		return 1
	}
	defer store.Close()
	if !isPostgres(*dbPath) {
		// Holding the file's lock, every lease in it is a dead process's: the boards and DMs it
		// held go out now, not when their leases run out.
		n, err := store.TakeBackLeases(ctx)
		if err != nil {
			log.Error("take back leases", "err", err)
			return 1
		}
		if n > 0 {
			log.Info("took back the leases of a previous run", "rows", n)
		}
	}
	if *ops.backupEvery > 0 {
		if isPostgres(*dbPath) {
			fmt.Fprintln(stderr, "spicebot serve: --backup-every backs up an SQLite file; back up PostgreSQL with pg_dump")
			return 2
		}
		go backupLoop(ctx, store, *ops.backupDir, *ops.backupEvery, *ops.backupKeep, log)
	}
	rend, err := games.Renderer()
	if err != nil {
		log.Error("load fonts", "err", err)
		return 1
	}
	if *webAddr != "" {
		page, err := web.New(store, reg, rend, web.Config{PublicURL: *publicURL}, log)
		if err != nil {
			log.Error("configure the web page", "err", err)
			return 2
		}
		defer page.Close()
		cfg.Web, cfg.WebAddr = page, *webAddr
	}
	b, err := bot.New(cfg, store, reg, rend, log)
	if err != nil {
		log.Error("configure bot", "err", err)
		return 2
	}
	if err := b.Run(ctx); err != nil {
		log.Error("bot stopped", "err", err)
		return 1
	}
	return 0
}

// listGames prints every registered game.
func listGames(args []string, w, stderr io.Writer, reg *rules.Registry) error {
	fs := flag.NewFlagSet("games", flag.ContinueOnError)
	fs.SetOutput(stderr)
	language := fs.String("lang", "en", "language of the names and help texts: en or fr")
	if err := fs.Parse(args); err != nil {
		return err
	}
	loc := lang.MustNew(reg.All()...).For(*language)
	for _, g := range reg.All() {
		lo, hi := g.Players()
		fmt.Fprintf(w, "%-18s %-24s %d-%d players\n", g.ID(), loc.Text(g.Name()), lo, hi)
		for _, o := range g.Options() {
			only := ""
			if len(o.Players) > 0 {
				only = fmt.Sprintf(" (players: %v)", o.Players)
			}
			fmt.Fprintf(w, "    option %-16s %s%s\n", o.Key, loc.Text(o.Help), only)
		}
	}
	return nil
}

// gameFlags are the flags sim and render share.
type gameFlags struct {
	game    *string
	players *int
	seed    *uint64
	options *string
}

func addGameFlags(fs *flag.FlagSet) gameFlags {
	return gameFlags{
		game:    fs.String("game", "borneo", "game id (see spicebot games)"),
		players: fs.Int("players", 4, "number of players"),
		seed:    fs.Uint64("seed", 1, "first seed"),
		options: fs.String("options", "", "comma-separated option keys to enable, e.g. blackbeard"),
	}
}

func (gf gameFlags) resolve(reg *rules.Registry) (rules.Game, rules.Options, error) {
	g, ok := reg.Get(*gf.game)
	if !ok {
		var ids []string
		for _, g := range reg.All() {
			ids = append(ids, g.ID())
		}
		sort.Strings(ids)
		return nil, nil, fmt.Errorf("unknown game %q (games: %s)", *gf.game, strings.Join(ids, ", "))
	}
	opts := rules.Options{}
	for _, k := range strings.Split(*gf.options, ",") {
		if k = strings.TrimSpace(k); k != "" {
			opts[k] = true
		}
	}
	if err := rules.CheckOptions(g, *gf.players, opts); err != nil {
		return nil, nil, err
	}
	return g, opts, nil
}

// simResult is one simulated game, the --json line format. Seats are numbered from 1, as in
// the text lines ("winner seat 2") and everywhere a player reads them.
type simResult struct {
	Seed    uint64 `json:"seed"`
	Winners []int  `json:"winners"` // the winning seats, numbered from 1
	Scores  []int  `json:"scores"`
	Moves   int    `json:"moves"`
}

// sim plays complete random games and prints one line per game and a speed summary.
func sim(args []string, stdout, stderr io.Writer, reg *rules.Registry) error {
	fs := flag.NewFlagSet("sim", flag.ContinueOnError)
	fs.SetOutput(stderr)
	gf := addGameFlags(fs)
	n := fs.Int("games", 100, "number of games")
	asJSON := fs.Bool("json", false, "print JSON lines")
	maxSteps := fs.Int("max-steps", 100000, "moves after which a game counts as a runaway")
	replay := fs.String("replay", "", "replay a game exported with /game export (JSON file) and print its outcome")
	aiList := fs.String("ai", "", "AI players, one level per seat (random, easy or strong), e.g. strong,random,random,random: print each one's win rate and mean score")
	iterations := fs.Int("iterations", 0, "with --ai: search iterations per decision of the strong players (0: the level's default)")
	budget := fs.Duration("budget", 0, "with --ai: time per decision of the strong players (0: the level's default, or none when --iterations is set)")
	workers := fs.Int("workers", 1, "with --ai: games played at once")
	rotate := fs.Bool("rotate", true, "with --ai: move the players one seat on each game")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *replay != "" {
		return replayFile(*replay, stdout, reg)
	}
	if *aiList != "" {
		levels, err := parseLevels(*aiList)
		if err != nil {
			return err
		}
		*gf.players = len(levels)
		g, opts, err := gf.resolve(reg)
		if err != nil {
			return err
		}
		b := *budget
		if b == 0 && *iterations > 0 {
			b = -1
		}
		a := &aiSim{game: g, opts: opts, levels: levels, games: *n, seed: *gf.seed, iterations: *iterations,
			budget: b, maxSteps: *maxSteps, workers: *workers, rotate: *rotate}
		return a.run(context.Background(), stdout)
	}
	g, opts, err := gf.resolve(reg)
	if err != nil {
		return err
	}
	start := time.Now()
	totalMoves := 0
	enc := json.NewEncoder(stdout)
	for i := 0; i < *n; i++ {
		seed := *gf.seed + uint64(i)
		st, err := g.New(*gf.players, opts, seed)
		if err != nil {
			return err
		}
		rng := rules.NewRNG(seed ^ 0x5eed)
		recs, err := simPlayout(st, &rng, *maxSteps)
		if err != nil {
			return fmt.Errorf("seed %d: %w", seed, err)
		}
		out, _ := st.Outcome()
		totalMoves += len(recs)
		res := simResult{Seed: seed, Winners: []int{}, Scores: out.Scores, Moves: len(recs)}
		for _, w := range out.Winners {
			res.Winners = append(res.Winners, int(w)+1)
		}
		if *asJSON {
			if err := enc.Encode(res); err != nil {
				return err
			}
			continue
		}
		fmt.Fprintf(stdout, "seed %d: winner %s scores %v moves %d\n", seed, seatsText(out.Winners), out.Scores, len(recs))
	}
	el := time.Since(start).Seconds()
	if el <= 0 {
		el = 1e-9
	}
	fmt.Fprintf(stdout, "%d games, %d moves (%.1f a game) in %.3fs: %.1f games/s, %.0f moves/s%s\n", *n, totalMoves,
		float64(totalMoves)/float64(max(*n, 1)), el, float64(*n)/el, float64(totalMoves)/el, policyNote(g, *gf.players, opts))
	return nil
}

func seatsText(seats []rules.Seat) string {
	parts := make([]string, len(seats))
	for i, s := range seats {
		parts[i] = fmt.Sprintf("seat %d", int(s)+1)
	}
	return strings.Join(parts, " & ")
}

// renderCmd draws the board (or a seat's hand) after some random moves into a PNG file.
func renderCmd(args []string, stdout, stderr io.Writer, reg *rules.Registry) error {
	fs := flag.NewFlagSet("render", flag.ContinueOnError)
	fs.SetOutput(stderr)
	gf := addGameFlags(fs)
	moves := fs.Int("moves", 40, "random moves to play first (fewer if the game ends)")
	seat := fs.Int("seat", 0, "draw this seat's hand (1-based) instead of the board")
	out := fs.String("out", "board.png", "output PNG file")
	nameList := fs.String("names", "", "the seats' display names, comma-separated (default Player 1, Player 2, … in the image's language)")
	language := fs.String("lang", "en", "language of the image's words: en or fr")
	if err := fs.Parse(args); err != nil {
		return err
	}
	g, opts, err := gf.resolve(reg)
	if err != nil {
		return err
	}
	if *seat < 0 || *seat > *gf.players {
		return fmt.Errorf("--seat %d: want 1 to %d (or 0 for the board)", *seat, *gf.players)
	}
	st, err := g.New(*gf.players, opts, *gf.seed)
	if err != nil {
		return err
	}
	rng := rules.NewRNG(*gf.seed ^ 0x5eed)
	played := 0
	for ; played < *moves; played++ {
		if _, over := st.Outcome(); over {
			break
		}
		if _, err := rules.RandomStep(st, &rng); err != nil {
			return err
		}
	}
	r, err := games.Renderer()
	if err != nil {
		return err
	}
	names := make([]string, *gf.players)
	given := strings.Split(*nameList, ",")
	for i := range names {
		// A name not given stays empty: the image names it "Player n" in its language.
		if i < len(given) && strings.TrimSpace(given[i]) != "" {
			names[i] = strings.TrimSpace(given[i])
		}
	}
	var png []byte
	if *seat > 0 {
		png, err = r.In(*language).HandPNG(st.View(rules.Seat(*seat-1)), names)
		if err != nil {
			return err
		}
	} else {
		png, err = r.In(*language).BoardPNG(st.View(rules.Observer), names)
		if err != nil {
			return err
		}
	}
	if err := os.WriteFile(*out, png, 0o644); err != nil {
		return fmt.Errorf("write %s: %w", *out, err)
	}
	fmt.Fprintf(stdout, "wrote %s (%d bytes) after %d moves\n", *out, len(png), played)
	return nil
}
