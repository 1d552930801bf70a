package copies

import "github.com/gluekit/glue"

type Game struct {
	Score  Score
	Lives  int
	Levels []int
}

// Reset changes g.
func (g *Game) Reset() { g.Lives = 3 } // want Reset:"mutates its receiver"

func Resources(p struct {
	Game glue.Res[Game]
	Opt  glue.Opt[Game]
	Mut  glue.ResMut[Game]
}) {
	p.Game.Get().Lives-- // want `write to p.Game.Get\(…\).Lives changes resource Game through glue.Res\[Game\], which is read-only: the write is not declared and races with systems that read Game in parallel; take glue.ResMut\[Game\] to write it`
	g := p.Game.Get()
	g.Score.Inc()   // want `calls g.Score.Inc, which changes resource Game through glue.Res\[Game\]`
	g.Reset()       // want `calls g.Reset, which changes resource Game`
	*g = Game{}     // want `write to \*g changes resource Game`
	g.Levels[0] = 1 // want `write to g.Levels\[0\] changes resource Game`
	if o := p.Opt.Get(); o != nil {
		o.Lives = 0 // want `write to o.Lives changes resource Game through glue.Opt\[Game\], which is read-only`
	}
	_ = g.Lives
	m := p.Mut.Get()
	m.Lives = 1 // ResMut: declared
	m.Reset()
	p.Mut.Get().Score++
}
