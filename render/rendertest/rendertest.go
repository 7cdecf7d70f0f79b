// Package rendertest holds the checks every game's drawer runs in its tests: decoding and
// sizing a PNG, comparing pixels, and writing the images a test draws to a directory (flag
// -render.out) so that a person can look at them.
package rendertest

import (
	"bytes"
	"flag"
	"image"
	"image/png"
	"io"
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"time"

	"spicebot/render"
)

// outDir is where Save writes images: go test ./render/... -args -render.out=/tmp/boards
var outDir = flag.String("render.out", "", "directory to write rendered test images to")

// Save writes data as name.png into the -render.out directory; it does nothing without the flag.
func Save(t testing.TB, name string, data []byte) {
	t.Helper()
	if *outDir == "" {
		return
	}
	if err := os.MkdirAll(*outDir, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(*outDir, name+".png"), data, 0o644); err != nil {
		t.Fatal(err)
	}
}

// MaxPNGBytes is the largest board or hand PNG the drawers may produce (issue 7: boards go to
// every player's phone after every move).
const MaxPNGBytes = 72 << 10

// Decode checks that data is a PNG of width w and at most MaxPNGBytes, and returns its height.
func Decode(t testing.TB, data []byte, w int) int {
	t.Helper()
	img, err := png.Decode(bytes.NewReader(data))
	if err != nil {
		t.Fatalf("decode png: %v", err)
	}
	if got := img.Bounds().Dx(); got != w {
		t.Fatalf("width %d, want %d", got, w)
	}
	if len(data) > MaxPNGBytes {
		t.Errorf("png is %d bytes, want at most %d", len(data), MaxPNGBytes)
	}
	return img.Bounds().Dy()
}

// Pix returns the pixels of img, which must be an *image.RGBA (what the kit draws).
func Pix(t testing.TB, img image.Image) []byte {
	t.Helper()
	rgba, ok := img.(*image.RGBA)
	if !ok {
		t.Fatalf("image is %T, want *image.RGBA", img)
	}
	return rgba.Pix
}

// cpuTime is the CPU time (user and system, all threads) the process has used so far.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// BenchmarkImage runs three sub-benchmarks on view's board (hand true: its hand): "render"
// (draw only), "encode" (EncodePNG of the drawn image only), "encode-full-colour" (the
// standard library's RGBA encoder at BestSpeed, what the kit used before palettes) and "render+encode" (both, what the
// bot does per board). Each reports png-bytes and cpu-ns/op, the process's CPU time per
// operation, which is steadier than ns/op on a shared machine.
func BenchmarkImage(b *testing.B, r *render.Renderer, view any, names []string, hand bool) {
	encode := render.EncodePNG
	draw := r.Board
	if hand {
		draw = r.Hand
	}
	img, err := draw(view, names)
	if err != nil {
		b.Fatal(err)
	}
	data, err := encode(img)
	if err != nil {
		b.Fatal(err)
	}
	var full bytes.Buffer
	if err := (&png.Encoder{CompressionLevel: png.BestSpeed}).Encode(&full, img); err != nil {
		b.Fatal(err)
	}
	run := func(name string, size int, f func()) {
		b.Run(name, func(b *testing.B) {
			b.ReportAllocs()
			start := cpuTime()
			for b.Loop() {
				f()
			}
			b.ReportMetric(float64(cpuTime()-start)/float64(b.N), "cpu-ns/op")
			b.ReportMetric(float64(size), "png-bytes")
		})
	}
	run("render", len(data), func() {
		if _, err := draw(view, names); err != nil {
			b.Fatal(err)
		}
	})
	run("encode", len(data), func() {
		if _, err := encode(img); err != nil {
			b.Fatal(err)
		}
	})
	run("encode-full-colour", full.Len(), func() { // the encoder before palettes (issue 7), for comparison
		enc := png.Encoder{CompressionLevel: png.BestSpeed}
		if err := enc.Encode(io.Discard, img); err != nil {
			b.Fatal(err)
		}
	})
	run("render+encode", len(data), func() {
		im, err := draw(view, names)
		if err != nil {
			b.Fatal(err)
		}
		if _, err := encode(im); err != nil {
			b.Fatal(err)
		}
	})
}
