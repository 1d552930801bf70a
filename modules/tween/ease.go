package tween

import "math"

// Ease maps a tween's progress, 0 to 1, to the share of the change made:
// 0 at 0 and 1 at 1, and in between faster or slower, or past the ends
// (Back, Elastic). The standard set (after Robert Penner's equations):
// In eases start slowly, Out eases end slowly, InOut eases do both.
type Ease func(t float64) float64

// Linear changes at a steady rate. It is the default (a nil Ease).
func Linear(t float64) float64 { return t }

// InQuad, OutQuad and InOutQuad are quadratic.
func InQuad(t float64) float64 { return t * t }

// OutQuad is the quadratic ease that ends slowly.
func OutQuad(t float64) float64 { return 1 - (1-t)*(1-t) }

// InOutQuad is the quadratic ease that starts and ends slowly.
func InOutQuad(t float64) float64 { return inOut(InQuad, t) }

// InCubic, OutCubic and InOutCubic are cubic.
func InCubic(t float64) float64 { return t * t * t }

// OutCubic is the cubic ease that ends slowly.
func OutCubic(t float64) float64 { return out(InCubic, t) }

// InOutCubic is the cubic ease that starts and ends slowly.
func InOutCubic(t float64) float64 { return inOut(InCubic, t) }

// InQuart, OutQuart and InOutQuart are quartic.
func InQuart(t float64) float64 { return t * t * t * t }

// OutQuart is the quartic ease that ends slowly.
func OutQuart(t float64) float64 { return out(InQuart, t) }

// InOutQuart is the quartic ease that starts and ends slowly.
func InOutQuart(t float64) float64 { return inOut(InQuart, t) }

// InSine, OutSine and InOutSine follow a quarter of a sine wave.
func InSine(t float64) float64 { return 1 - math.Cos(t*math.Pi/2) }

// OutSine is the sine ease that ends slowly.
func OutSine(t float64) float64 { return math.Sin(t * math.Pi / 2) }

// InOutSine is the sine ease that starts and ends slowly.
func InOutSine(t float64) float64 { return (1 - math.Cos(t*math.Pi)) / 2 }

// InExpo, OutExpo and InOutExpo are exponential.
func InExpo(t float64) float64 {
	if t <= 0 {
		return 0
	}
	return math.Pow(2, 10*t-10)
}

// OutExpo is the exponential ease that ends slowly.
func OutExpo(t float64) float64 { return out(InExpo, t) }

// InOutExpo is the exponential ease that starts and ends slowly.
func InOutExpo(t float64) float64 { return inOut(InExpo, t) }

// InCirc, OutCirc and InOutCirc follow a quarter circle.
func InCirc(t float64) float64 { return 1 - math.Sqrt(1-t*t) }

// OutCirc is the circular ease that ends slowly.
func OutCirc(t float64) float64 { return out(InCirc, t) }

// InOutCirc is the circular ease that starts and ends slowly.
func InOutCirc(t float64) float64 { return inOut(InCirc, t) }

// InBack, OutBack and InOutBack overshoot: they go past the start (or
// the end) by about 10% before settling.
func InBack(t float64) float64 {
	const c1 = 1.70158
	return (c1+1)*t*t*t - c1*t*t
}

// OutBack is the overshooting ease that ends slowly.
func OutBack(t float64) float64 { return out(InBack, t) }

// InOutBack is the overshooting ease that starts and ends slowly.
func InOutBack(t float64) float64 { return inOut(InBack, t) }

// InElastic, OutElastic and InOutElastic oscillate like a spring.
func InElastic(t float64) float64 {
	if t <= 0 || t >= 1 {
		return t
	}
	return -math.Pow(2, 10*t-10) * math.Sin((t*10-10.75)*2*math.Pi/3)
}

// OutElastic is the elastic ease that ends slowly.
func OutElastic(t float64) float64 { return out(InElastic, t) }

// InOutElastic is the elastic ease that starts and ends slowly.
func InOutElastic(t float64) float64 { return inOut(InElastic, t) }

// InBounce, OutBounce and InOutBounce bounce like a dropped ball.
func InBounce(t float64) float64 { return out(OutBounce, t) }

// OutBounce is the bouncing ease that ends slowly.
func OutBounce(t float64) float64 {
	const n, d = 7.5625, 2.75
	switch {
	case t < 1/d:
		return n * t * t
	case t < 2/d:
		t -= 1.5 / d
		return n*t*t + 0.75
	case t < 2.5/d:
		t -= 2.25 / d
		return n*t*t + 0.9375
	}
	t -= 2.625 / d
	return n*t*t + 0.984375
}

// InOutBounce is the bouncing ease that starts and ends slowly.
func InOutBounce(t float64) float64 { return inOut(InBounce, t) }

// out mirrors an In ease into its Out ease.
func out(in Ease, t float64) float64 { return 1 - in(1-t) }

// inOut joins an In ease and its Out ease at the middle.
func inOut(in Ease, t float64) float64 {
	if t < 0.5 {
		return in(2*t) / 2
	}
	return 1 - in(2-2*t)/2
}

// Eases lists the standard eases by name, for menus and tests.
var Eases = map[string]Ease{
	"Linear": Linear,
	"InQuad": InQuad, "OutQuad": OutQuad, "InOutQuad": InOutQuad,
	"InCubic": InCubic, "OutCubic": OutCubic, "InOutCubic": InOutCubic,
	"InQuart": InQuart, "OutQuart": OutQuart, "InOutQuart": InOutQuart,
	"InSine": InSine, "OutSine": OutSine, "InOutSine": InOutSine,
	"InExpo": InExpo, "OutExpo": OutExpo, "InOutExpo": InOutExpo,
	"InCirc": InCirc, "OutCirc": OutCirc, "InOutCirc": InOutCirc,
	"InBack": InBack, "OutBack": OutBack, "InOutBack": InOutBack,
	"InElastic": InElastic, "OutElastic": OutElastic, "InOutElastic": InOutElastic,
	"InBounce": InBounce, "OutBounce": OutBounce, "InOutBounce": InOutBounce,
}
