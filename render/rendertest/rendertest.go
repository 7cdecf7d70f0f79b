// Package rendertest holds the checks every game's drawer runs in its tests: decoding and
// sizing a PNG, comparing pixels, and writing the images a test draws to a directory (flag
// -render.out) so that a person can look at them.
package rendertest

import (
	"bytes"
	"flag"
	"image"
	"image/png"
	"os"
	"path/filepath"
	"testing"
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
const MaxPNGBytes = 300 << 10

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
