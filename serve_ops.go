package main

import (
	"flag"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"

	"spicebot/bot"
)

// opsFlags are serve's flags for running beyond one gateway process: HTTP interactions mode,
// sharding, and the metrics and health endpoint.
type opsFlags struct {
	http      *string
	publicKey *string
	shards    *string
	shardID   *int
	metrics   *string
	// backupEvery, backupKeep and backupDir schedule SQLite snapshots (store_ops.go).
	backupEvery *time.Duration
	backupKeep  *int
	backupDir   *string
}

func addOpsFlags(fs *flag.FlagSet) opsFlags {
	shardID, _ := strconv.Atoi(env("SPICEBOT_SHARD_ID", "0"))
	backupKeep, _ := strconv.Atoi(env("SPICEBOT_BACKUP_KEEP", "28"))
	return opsFlags{
		http: fs.String("http", env("SPICEBOT_HTTP", ""),
			"serve Discord's interactions endpoint on this address, e.g. :8080, instead of the gateway (env SPICEBOT_HTTP)"),
		publicKey: fs.String("public-key", env("DISCORD_PUBLIC_KEY", ""),
			"the application's public key, 64 hex digits, for --http (env DISCORD_PUBLIC_KEY)"),
		shards: fs.String("shards", env("SPICEBOT_SHARDS", "1"),
			`gateway shards in all: a number, or "auto" (or 0) for Discord's recommended count (env SPICEBOT_SHARDS)`),
		shardID: fs.Int("shard-id", shardID, "this process's shard, 0 to shards-1 (env SPICEBOT_SHARD_ID)"),
		metrics: fs.String("metrics", env("SPICEBOT_METRICS", ""),
			"serve /metrics, /livez, /readyz and /healthz on this address, e.g. :9090 (env SPICEBOT_METRICS)"),
		backupEvery: fs.Duration("backup-every", envDuration("SPICEBOT_BACKUP_EVERY", 0),
			"write a snapshot of the SQLite database this often, e.g. 6h (0: never; env SPICEBOT_BACKUP_EVERY)"),
		backupKeep: fs.Int("backup-keep", backupKeep,
			"keep this many snapshots, the newest (env SPICEBOT_BACKUP_KEEP)"),
		backupDir: fs.String("backup-dir", env("SPICEBOT_BACKUP_DIR", "backups"),
			"the directory of the snapshots (env SPICEBOT_BACKUP_DIR)"),
	}
}

// isPostgres reports whether the database setting names a PostgreSQL server.
func isPostgres(db string) bool {
	return strings.HasPrefix(db, "postgres://") || strings.HasPrefix(db, "postgresql://")
}

// apply puts the flags into cfg, with a registry holding the Go runtime and process collectors
// beside the bot's metrics. Errors: a bad public key, --http without one, a bad shard setting,
// or several shards on SQLite (one process only).
func (o opsFlags) apply(cfg *bot.Config, db string) error {
	reg := prometheus.NewRegistry()
	reg.MustRegister(collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
	cfg.Registry, cfg.OpsAddr = reg, *o.metrics
	if *o.http != "" {
		if *o.publicKey == "" {
			return fmt.Errorf("--http needs the application's public key (DISCORD_PUBLIC_KEY): developer portal → your application → General Information → Public Key")
		}
		key, err := bot.ParsePublicKey(*o.publicKey)
		if err != nil {
			return fmt.Errorf("DISCORD_PUBLIC_KEY: %w", err)
		}
		cfg.HTTPAddr, cfg.PublicKey = *o.http, key
	}
	switch s := strings.ToLower(strings.TrimSpace(*o.shards)); s {
	case "auto", "0":
		cfg.ShardCount = bot.ShardsAuto
	default:
		n, err := strconv.Atoi(s)
		if err != nil || n < 1 {
			return fmt.Errorf("--shards %q: want a number of shards, or auto", *o.shards)
		}
		cfg.ShardCount = n
	}
	cfg.ShardID = *o.shardID
	if cfg.ShardCount > 0 && (cfg.ShardID < 0 || cfg.ShardID >= cfg.ShardCount) {
		return fmt.Errorf("--shard-id %d: want 0 to %d for %d shards", cfg.ShardID, cfg.ShardCount-1, cfg.ShardCount)
	}
	if cfg.ShardCount != 1 && cfg.HTTPAddr == "" && !isPostgres(db) {
		return fmt.Errorf("--shards: several shards run as several processes, which need a shared PostgreSQL database " +
			"(SPICEBOT_DB=postgres://…); with SQLite run one process (--shards 1)")
	}
	return nil
}
