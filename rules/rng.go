package rules

// RNGVersion is the version of the RNG algorithm below. A state records the version it was made
// with; if the algorithm ever changes, old games keep replaying with the old one.
const RNGVersion = 1

// RNG is the seeded random number generator stored inside every game state (a PCG-XSH-RR 64/32
// generator, O'Neill 2014). It is plain data so that json.Marshal(state) captures it, and it does
// not depend on math/rand, whose streams Go does not promise to keep stable.
type RNG struct {
	Version int    `json:"version"`
	State   uint64 `json:"state"`
	Inc     uint64 `json:"inc"`
}

const pcgMultiplier = 6364136223846793005

// NewRNG returns a generator seeded with seed.
func NewRNG(seed uint64) RNG {
	r := RNG{Version: RNGVersion, Inc: (seed<<1 | 1) ^ 0xda3e39cb94b95bdb}
	r.next()
	r.State += seed
	r.next()
	return r
}

func (r *RNG) next() uint32 {
	old := r.State
	r.State = old*pcgMultiplier + r.Inc
	xorshifted := uint32(((old >> 18) ^ old) >> 27)
	rot := uint32(old >> 59)
	return xorshifted>>rot | xorshifted<<((-rot)&31)
}

// Uint32 returns a uniformly distributed 32-bit value.
func (r *RNG) Uint32() uint32 { return r.next() }

// Intn returns a uniform integer in [0, n). It panics if n <= 0 or n > 1<<31.
func (r *RNG) Intn(n int) int {
	if n <= 0 || n > 1<<31 {
		panic("rules: RNG.Intn: n out of range")
	}
	// Lemire's nearly-divisionless bounded integer, with rejection for exact uniformity.
	bound := uint32(n)
	m := uint64(r.next()) * uint64(bound)
	low := uint32(m)
	if low < bound {
		threshold := -bound % bound
		for low < threshold {
			m = uint64(r.next()) * uint64(bound)
			low = uint32(m)
		}
	}
	return int(m >> 32)
}

// Shuffle puts the n elements behind swap in a uniformly random order (Fisher–Yates).
func (r *RNG) Shuffle(n int, swap func(i, j int)) {
	for i := n - 1; i > 0; i-- {
		swap(i, r.Intn(i+1))
	}
}

// ShuffleInts shuffles a slice of ints in place.
func (r *RNG) ShuffleInts(xs []int) {
	r.Shuffle(len(xs), func(i, j int) { xs[i], xs[j] = xs[j], xs[i] })
}
