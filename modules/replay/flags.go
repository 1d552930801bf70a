package replay

import (
	"flag"
	"fmt"
	"strconv"
	"strings"
)

// Flags adds the flags -record FILE, -replay FILE and -record-every N to
// fs and returns the plugin they configure: add it to the app once fs is
// parsed, whether the flags were given or not (without them it does
// nothing):
//
//	rp := replay.Flags(fs, "seed")
//	…
//	app.AddPlugins(rp)
//
// seed names the game's seed flag (a uint64), "" if it has none: the
// plugin records its value, and -replay sets it to the recording's, so
// that the game runs with the recorded seed. The other flags the run was
// started with are recorded too, and -replay sets them as they were
// (flags given after -replay change them again: -replay run.replay
// -headless=false). -replay reads the recording when it is parsed: a
// missing or damaged file is a flag error.
func Flags(fs *flag.FlagSet, seed string) *Plugin {
	p := &Plugin{}
	fs.StringVar(&p.Record, "record", "", "record the run (its seed and input) to this `file`, written when the game closes; -replay plays it")
	fs.IntVar(&p.Every, "record-every", 0, fmt.Sprintf("with -record: check the world's digests every `N` ticks (default %d; 1 finds a divergence at its tick, in a bigger file)", DefaultEvery))
	fs.Func("replay", "play the run recorded with -record in this `file`, checking that the game plays as recorded", func(name string) error {
		rec, err := Open(p.Store, name)
		if err != nil {
			return err
		}
		p.Replay, p.ticks, p.players = name, rec.Ticks, rec.Match.Players
		for _, f := range rec.Flags {
			k, v, _ := strings.Cut(f, "=")
			if fs.Lookup(k) == nil {
				return fmt.Errorf("the recording was started with -%s, which this build does not have", k)
			}
			if err := fs.Set(k, v); err != nil {
				return fmt.Errorf("the recording's -%s: %v", k, err)
			}
		}
		if seed != "" && rec.Match.Players == 0 {
			// A match's seed is player 0's, which the recording gives
			// the game's rollback session; the game's own is not used.
			return fs.Set(seed, strconv.FormatUint(rec.Seed, 10))
		}
		return nil
	})
	p.flags = func() []string {
		var out []string
		fs.Visit(func(f *flag.Flag) {
			switch f.Name {
			case "record", "replay", "record-every", seed:
			default:
				out = append(out, f.Name+"="+f.Value.String())
			}
		})
		return out
	}
	p.seedFlag = func() (uint64, error) {
		if seed == "" {
			return 0, nil
		}
		f := fs.Lookup(seed)
		if f == nil {
			return 0, fmt.Errorf("replay: Flags was given the seed flag %q, which the flag set does not have; pass the name of the game's seed flag, or \"\"", seed)
		}
		return strconv.ParseUint(f.Value.String(), 10, 64)
	}
	return p
}
