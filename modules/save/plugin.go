package save

import (
	"errors"
	"fmt"
	"io/fs"
	"log/slog"
	"runtime"
	"sync"

	"github.com/gluekit/glue"
	"github.com/gluekit/glue/codec"
)

// Names of the systems the [Plugin] adds: the names glue gives their
// functions.
var (
	// CheckSystem (startup) checks the registry and the saved resources
	// and picks the default store.
	CheckSystem = glue.NewLabel("save.check")
	// RunSystem (glue.Last) carries out the tick's requests: it queues
	// one glue.Commands.Exclusive per request, which runs when the
	// commands of glue.Last are applied. It writes [Saves].
	RunSystem = glue.NewLabel("save.run")
	// ReportSystem (glue.First) writes the [Result] events of the
	// requests carried out at the end of the previous tick. It writes
	// [Saves].
	ReportSystem = glue.NewLabel("save.report")
)

// Plugin adds saving and loading to an app: the [Saves] resource through
// which systems ask for a save or a load, the systems that carry them out
// at the end of the tick ([RunSystem], in glue.Last) and report them in
// the next ([ReportSystem], [Result] events in glue.First), and a startup
// check ([CheckSystem]). See the package documentation for what is saved
// and when.
type Plugin struct {
	// Game names the game. It is written into every save file, and a
	// file of another game is not loaded; it also names the default
	// store's place. Required, e.g. "breakout".
	Game string
	// Registry lists the types that are saved, with their codecs: every
	// component of a registered type, of every entity, and the
	// registered resources listed in Resources. Entities without a
	// component of a registered type are neither saved nor touched by a
	// load. Required; the registry may be shared with modules/net.
	Registry *codec.Registry
	// Resources are the resource types that are saved; each must be
	// registered. A load sets them to the file's values; a resource the
	// file does not hold (a save made before the game saved it) keeps
	// the app's value, and the load's [Result.Notes] say so.
	Resources []glue.Type
	// Store is where saves are kept. The default (nil) is, on the
	// desktop, Dir(<user config dir>/glue/<Game>/saves), and in the
	// browser the page's localStorage ([LocalStorage]).
	Store Store
	// AfterLoad, if set, runs right after every load, in the same step,
	// with the loaded world: for the game to bring in line what depends
	// on the loaded state but is not saved (a clock that stops in a
	// state needs none: timer.Plugin.PauseWhile reads the loaded state).
	// An error it returns is the load's error, though the world is
	// loaded.
	AfterLoad func(w *glue.World) error
	// Logger reports every save and load at Info level, and failures at
	// Warn, with the name, the place and the error. The default (nil)
	// is slog.Default().
	Logger *slog.Logger
}

// Build inserts the [Saves] resource and adds the systems. A missing Game
// or Registry, and a saved resource the registry does not register, are
// reported by glue.App.Build; registration mistakes make the startup
// check fail the app.
// Without a default store (no user configuration directory, no
// localStorage) the game runs, and every save and load fails saying so.
func (p Plugin) Build(app *glue.App) {
	if p.Game == "" {
		app.AddError(errors.New("save: Plugin.Game is required: the game's name, written into its save files, e.g. save.Plugin{Game: \"breakout\", …}"))
	}
	if p.Registry == nil {
		app.AddError(errors.New("save: Plugin.Registry is required: make one with codec.NewRegistry and register the components and resources to save"))
	} else {
		if runtime.GOOS != "js" {
			app.OnBuild(p.Registry.Err) // the registry's mistakes at Build, not the first Update
		}
		for _, t := range p.Resources {
			switch {
			case p.Registry.ByType(t) != nil:
			case p.Registry.Err() != nil:
				// Its registration may be what failed (a map field, say):
				// the registry's own errors say why, which "register it"
				// would hide.
				app.AddError(fmt.Errorf("save: Plugin.Resources lists %s, which the registry does not hold; its registrations failed: %w", t, p.Registry.Err()))
			default:
				app.AddError(fmt.Errorf("save: Plugin.Resources lists %s, which the registry does not register; register it with codec.Register[%s](registry)", t, t))
			}
		}
	}
	logger := p.Logger
	if logger == nil {
		logger = slog.Default()
	}
	st := &state{spec: spec{game: p.Game, reg: p.Registry, resources: p.Resources}, store: p.Store, log: logger, after: p.AfterLoad}
	app.InsertResource(Saves{s: st})
	app.AddStartup(glue.Func(check).In(CheckSystem))
	app.AddSystems(glue.First, glue.Func(report).In(ReportSystem))
	app.AddSystems(glue.Last, glue.Func(run).In(RunSystem))
}

// Op is what a request does: save or load.
type Op uint8

const (
	// Save writes the world to a save.
	Save Op = iota
	// Load replaces the world with a save's.
	Load
)

// String returns "save" or "load".
func (o Op) String() string {
	if o == Load {
		return "load"
	}
	return "save"
}

// Saves is the resource through which systems save and load the world,
// with glue.ResMut[save.Saves]. A request is carried out at the end of
// the tick it is made in (see the package documentation); its [Result]
// is an event of the next tick.
type Saves struct {
	s *state
}

// ProvidedBy returns "save.Plugin", the plugin that inserts Saves.
func (Saves) ProvidedBy() string { return "save.Plugin" }

// MachineLocal marks Saves as this machine's (glue.MachineLocal): its
// storage and requests in flight are no part of the game a rollback
// takes back or compares.
func (Saves) MachineLocal() {}

// Save asks for the world to be written to the save called name at the
// end of this tick, replacing that save. It returns an error, and asks
// for nothing, if name is not a valid save name (1 to 64 letters,
// digits, '-', '_' and '.', not starting with '.').
func (s *Saves) Save(name string) error { return s.s.request(Save, name) }

// Load asks for the world to be replaced by the save called name at the
// end of this tick. A save that is missing, damaged, of another game or
// of other types is reported ([Result], the log) and changes nothing.
// It returns an error, and asks for nothing, if name is not a valid save
// name.
func (s *Saves) Load(name string) error { return s.s.request(Load, name) }

// Store returns the store saves are kept in, once the app has started.
func (s *Saves) Store() Store { return s.s.store }

// Result is the event of a save or load carried out: written in
// glue.First of the tick after the request, readable with
// glue.Reader[save.Result].
type Result struct {
	Op   Op
	Name string
	// Where is the save's place: a file's path, a localStorage key.
	Where string
	// Entities is the number of entities saved or loaded.
	Entities int
	// Bytes is the size of the save file.
	Bytes int
	// Err is nil if the save or load succeeded. A failed load changed
	// nothing; errors.Is tells the kind (ErrNotFound, ErrCorrupt, …),
	// and [Reason] gives the player a short line.
	Err error
	// Notes say what a successful load could not restore, for a save
	// made by an older build of the game: "the save predates
	// main.Settings: the current one is kept" for a resource added to
	// the saved list since, types the game no longer saves that were
	// ignored. They are logged at Info. A save's notes name the
	// resources listed in Plugin.Resources that the app did not hold, so
	// were not saved; they are logged at Warn.
	Notes []string
}

// String describes the result for a player: "saved quick (42
// entities)", "load quick failed: …".
func (r Result) String() string {
	if r.Err != nil {
		return fmt.Sprintf("%s %s failed: %v", r.Op, r.Name, r.Err)
	}
	done := "saved"
	if r.Op == Load {
		done = "loaded"
	}
	return fmt.Sprintf("%s %s (%d entities)", done, r.Name, r.Entities)
}

// state is the plugin's state in one app.
type state struct {
	spec
	store   Store
	log     *slog.Logger
	after   func(*glue.World) error
	pending []request
	mu      sync.Mutex // guards done: results are recorded by commands
	done    []Result
}

type request struct {
	op   Op
	name string
}

func (s *state) request(op Op, name string) error {
	if err := checkName(name); err != nil {
		return err
	}
	s.pending = append(s.pending, request{op, name})
	return nil
}

// check (startup) seals the registry, checks the saved resources and
// picks the default store. Registry and resource mistakes fail the app; a
// missing default store is the error of every save and load.
func check(p struct {
	Saves glue.ResMut[Saves]
	Cmds  glue.Commands
}) {
	s := p.Saves.Get().s
	if s.reg == nil {
		return // reported by Build
	}
	var errs []error
	if err := s.reg.Seal(); err != nil {
		errs = append(errs, err)
	}
	if s.store == nil {
		st, err := defaultStore(s.game)
		if err != nil {
			// Not fatal: the game plays on, and every save and load
			// reports it.
			st = noStore{err}
		}
		s.store = st
	}
	if err := errors.Join(errs...); err != nil {
		p.Cmds.Fail(err)
	}
}

// run (glue.Last) queues the tick's requests as exclusive commands.
func run(p struct {
	Saves glue.ResMut[Saves]
	Cmds  glue.Commands
}) {
	s := p.Saves.Get().s
	for _, rq := range s.pending {
		p.Cmds.Exclusive(func(w *glue.World) error {
			s.finish(s.carryOut(w, rq))
			return nil
		})
	}
	s.pending = s.pending[:0]
}

// report (glue.First) writes the results of the requests carried out
// since it last ran.
func report(p struct {
	Saves   glue.ResMut[Saves]
	Results glue.Writer[Result]
}) {
	s := p.Saves.Get().s
	s.mu.Lock()
	done := s.done
	s.done = nil
	s.mu.Unlock()
	for _, r := range done {
		p.Results.Write(r)
	}
}

// carryOut saves or loads, with the whole world to itself.
func (s *state) carryOut(w *glue.World, rq request) Result {
	res := Result{Op: rq.op, Name: rq.name, Where: s.store.Where(rq.name)}
	wrap := func(err error) error {
		dir := "to"
		if rq.op == Load {
			dir = "from"
		}
		return fmt.Errorf("save: %s %q %s %s: %w", rq.op, rq.name, dir, res.Where, err)
	}
	switch rq.op {
	case Save:
		data, n, err := encode(w, &s.spec)
		if err == nil {
			if err = s.store.Write(rq.name, data); err != nil {
				err = storageError(err)
			}
		}
		if err != nil {
			res.Err = wrap(err)
			return res
		}
		res.Entities, res.Bytes = n, len(data)
		for _, t := range s.resources {
			// Native builds only: a developer's mistake, seen where the
			// game is made, and kept out of the page's download (issue #40).
			if runtime.GOOS != "js" && w.Resource(t) == nil {
				res.Notes = append(res.Notes, fmt.Sprintf("the app holds no %s (Plugin.Resources lists it): not saved, and a load keeps the app's", t))
			}
		}
	case Load:
		data, err := s.store.Read(rq.name)
		switch {
		case errors.Is(err, fs.ErrNotExist):
			err = fmt.Errorf("%w: nothing saved under %q", ErrNotFound, rq.name)
		case err != nil && !errors.Is(err, ErrCorrupt):
			err = storageError(err)
		}
		res.Bytes = len(data)
		var img *image
		if err == nil {
			img, err = decode(data, &s.spec)
		}
		if err == nil {
			err = img.apply(w, &s.spec)
		}
		if err != nil {
			res.Err = wrap(err)
			return res
		}
		res.Entities, res.Notes = img.n, img.notes
		if s.after != nil {
			if err := s.after(w); err != nil {
				res.Err = wrap(fmt.Errorf("loaded, then Plugin.AfterLoad failed: %w", err))
			}
		}
	}
	return res
}

// finish records a result for report and logs it.
func (s *state) finish(r Result) {
	switch {
	case errors.Is(r.Err, ErrNotFound):
		// A first run: nothing saved yet is not a problem.
		s.log.Info("save: nothing to "+r.Op.String(), "name", r.Name, "where", r.Where)
	case r.Err != nil:
		s.log.Warn("save: "+r.Op.String()+" failed", "name", r.Name, "where", r.Where, "err", r.Err)
	default:
		s.log.Info("save: "+r.Op.String(), "name", r.Name, "where", r.Where, "entities", r.Entities, "bytes", r.Bytes)
		for _, n := range r.Notes {
			if runtime.GOOS != "js" && r.Op == Save { // a save's notes are native (run)
				s.log.Warn("save: "+r.Op.String()+": "+n, "name", r.Name)
			} else {
				s.log.Info("save: "+r.Op.String()+": "+n, "name", r.Name)
			}
		}
	}
	s.mu.Lock()
	s.done = append(s.done, r)
	s.mu.Unlock()
}

// storageError wraps a store's error in ErrStorage, and ErrFull too when
// the disk or the storage quota is full.
func storageError(err error) error {
	if errors.Is(err, ErrStorage) {
		return err
	}
	if isFull(err) {
		return fmt.Errorf("%w: %w: %w", ErrStorage, ErrFull, err)
	}
	return fmt.Errorf("%w: %w", ErrStorage, err)
}

// noStore is the store of a game without a default place for saves: it
// fails every save and load with the reason.
type noStore struct{ err error }

func (n noStore) Write(string, []byte) error  { return n.err }
func (n noStore) Read(string) ([]byte, error) { return nil, n.err }
func (n noStore) Where(name string) string    { return "nowhere (" + name + ")" }
