package main

import (
	"os"
	"strconv"
	"time"
)

// envDuration is the duration in the environment variable key ("30s", "2m"), or def when it is
// unset or unreadable.
func envDuration(key string, def time.Duration) time.Duration {
	if v, ok := os.LookupEnv(key); ok && v != "" {
		if d, err := time.ParseDuration(v); err == nil && d > 0 {
			return d
		}
	}
	return def
}

// envFloat is the number in the environment variable key, or def when it is unset or unreadable.
func envFloat(key string, def float64) float64 {
	if v, ok := os.LookupEnv(key); ok && v != "" {
		if f, err := strconv.ParseFloat(v, 64); err == nil {
			return f
		}
	}
	return def
}
