package render

import "image"

// EncodeMade is pm.EncodePNG(img), and says how the image was made: "warm" (with the memo's
// palette), "extended" (with new fills added to it) or "anew".
func EncodeMade(pm *PaletteMemo, img image.Image) ([]byte, string, error) {
	data, made, err := pm.encode(img)
	return data, [...]string{madeWarm: "warm", madeExtended: "extended", madeAnew: "anew"}[made], err
}
