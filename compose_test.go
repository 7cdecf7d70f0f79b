package main

import (
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"

	yaml "go.yaml.in/yaml/v2"
)

// TestComposeFile checks the shape of docker-compose.yml (docker is not run here): PostgreSQL with
// a health check, two bot replicas in HTTP mode on that database, and nginx balancing over both
// with the config file in the repository.
func TestComposeFile(t *testing.T) {
	raw, err := os.ReadFile("docker-compose.yml")
	if err != nil {
		t.Fatal(err)
	}
	var c struct {
		Services map[string]struct {
			Image       string            `yaml:"image"`
			Build       any               `yaml:"build"`
			Command     []string          `yaml:"command"`
			Environment map[string]string `yaml:"environment"`
			Volumes     []string          `yaml:"volumes"`
			Ports       []string          `yaml:"ports"`
			DependsOn   any               `yaml:"depends_on"`
			Healthcheck map[string]any    `yaml:"healthcheck"`
		} `yaml:"services"`
	}
	if err := yaml.Unmarshal(raw, &c); err != nil {
		t.Fatalf("docker-compose.yml: %v", err)
	}
	pg, ok := c.Services["postgres"]
	if !ok || !strings.HasPrefix(pg.Image, "postgres:") || pg.Healthcheck == nil {
		t.Fatalf("no postgres service with a health check: %+v", pg)
	}
	var replicas []string
	for name, s := range c.Services {
		if !slices.Contains(s.Command, "--http") {
			continue
		}
		replicas = append(replicas, name)
		if s.Build == nil || !strings.HasPrefix(s.Environment["SPICEBOT_DB"], "postgres://") ||
			s.Environment["DISCORD_PUBLIC_KEY"] == "" || s.Environment["DISCORD_TOKEN"] == "" {
			t.Errorf("replica %s: %+v", name, s)
		}
	}
	if len(replicas) != 2 {
		t.Fatalf("replicas in HTTP mode: %v, want 2", replicas)
	}
	lb, ok := c.Services["lb"]
	if !ok || !strings.HasPrefix(lb.Image, "nginx:") || len(lb.Ports) == 0 {
		t.Fatalf("no nginx load balancer with a published port: %+v", lb)
	}
	var conf string
	for _, v := range lb.Volumes {
		if host, _, ok := strings.Cut(v, ":"); ok && strings.HasSuffix(host, ".conf") {
			conf = host
		}
	}
	nginx, err := os.ReadFile(conf)
	if err != nil {
		t.Fatalf("nginx config %q: %v", conf, err)
	}
	upstream := regexp.MustCompile(`(?s)upstream\s+\w+\s*\{(.*?)\}`).FindSubmatch(nginx)
	if upstream == nil {
		t.Fatalf("%s has no upstream block", conf)
	}
	for _, r := range replicas {
		if !strings.Contains(string(upstream[1]), "server "+r+":8080") {
			t.Errorf("the upstream does not balance over %s:8080", r)
		}
	}
}
