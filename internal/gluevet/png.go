package gluevet

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"path/filepath"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis"
)

// RenderPath is the import path of modules/render, whose image loaders
// PNG reports.
const RenderPath = GluePath + "/modules/render"

// PNG reports a program that loads PNG images with modules/render and
// links no PNG decoder. render's loaders (LoadImage, LoadImages,
// LoadImagesAsync, LoadAseprite, LoadAsepriteOptions, LoadBakedAseprite)
// decode with
// image.Decode, and render imports no decoder of its own, so that a game
// that loads no image does not carry one in its WebAssembly download:
// the game imports image/png, as Go's image package asks. Without it the
// images fail to load when the game runs — and only in the browser,
// because render's native build imports image/png to write screenshots;
// this check reports it on every platform, in the package main: at the
// loader's use, or at the import of the package that uses one (modules
// tiled and ldtk import the decoder themselves). Test files are not
// looked at: a test binary is not the game's build.
var PNG = &analysis.Analyzer{
	Name:      "gluepng",
	Doc:       "report a program that loads PNG images with modules/render (LoadImage, LoadAseprite, …) and does not import image/png",
	URL:       "https://github.com/gluekit/glue/blob/main/docs/gluevet.md",
	Run:       runPNG,
	FactTypes: []analysis.Fact{new(pngFact)},
}

// pngFact is what a package brings into a program: whether it links a
// PNG decoder (it or a package it imports, other than render, imports
// image/png), and where it or an import uses one of render's loaders.
type pngFact struct {
	Links bool
	Loads string // "render.LoadImage at level.go:12", or ""
}

func (*pngFact) AFact() {}

func (f *pngFact) String() string {
	return fmt.Sprintf("png(links=%t loads=%q)", f.Links, f.Loads)
}

// pngLoaders are render's functions that decode image files
// (TestPNGLoadersAreRendersLoaders keeps the list in step with render).
var pngLoaders = map[string]bool{
	"LoadImage": true, "LoadImages": true, "LoadImagesAsync": true,
	"LoadAseprite": true, "LoadAsepriteOptions": true, "LoadBakedAseprite": true,
	"BakeAseprite": true, // its builder is LoadAseprite's, which decodes the sheet
}

func runPNG(pass *analysis.Pass) (any, error) {
	if strings.HasSuffix(pass.Pkg.Path(), ".test") {
		return nil, nil // go test's generated main: a test binary is not the game
	}
	var fact pngFact
	var loadPos token.Pos // the first use in this package, or else the import that loads
	local := false        // loadPos is a use in this package
	// The package's own imports (the type checker's list has blank
	// imports too, but the files say which spec to report at).
	for _, f := range pass.Files {
		if inTestFile(pass, f.Package) {
			continue // not in the game's build: go vet checks a package with its tests
		}
		for _, spec := range f.Imports {
			path, _ := strconv.Unquote(spec.Path.Value)
			if path == "image/png" && pass.Pkg.Path() != RenderPath {
				fact.Links = true
			}
			imp := importedPkg(pass, spec)
			if imp == nil {
				continue
			}
			var dep pngFact
			if !pass.ImportPackageFact(imp, &dep) {
				continue
			}
			fact.Links = fact.Links || dep.Links
			if dep.Loads != "" && fact.Loads == "" {
				fact.Loads, loadPos = dep.Loads+" (through "+path+")", spec.Pos()
			}
		}
	}
	// Uses of the loaders in the package's own code (render's own calls
	// between its loaders load nothing until a game calls one).
	if pass.Pkg.Path() != RenderPath {
		for id, obj := range pass.TypesInfo.Uses {
			fn, ok := obj.(*types.Func)
			if !ok || fn.Pkg() == nil || fn.Pkg().Path() != RenderPath || !pngLoaders[fn.Name()] || inTestFile(pass, id.Pos()) {
				continue
			}
			if !local || id.Pos() < loadPos {
				p := pass.Fset.Position(id.Pos())
				fact.Loads = fmt.Sprintf("render.%s at %s:%d", fn.Name(), filepath.Base(p.Filename), p.Line)
				loadPos, local = id.Pos(), true
			}
		}
	}
	if pass.Pkg.Name() == "main" && fact.Loads != "" && !fact.Links {
		pass.Report(analysis.Diagnostic{
			Pos: loadPos,
			Message: fmt.Sprintf("this program loads PNG images (%s) and links no PNG decoder: add import _ \"image/png\" to package main "+
				"(render imports none, to keep WebAssembly downloads small; without it the images fail to load in the browser)", fact.Loads),
		})
	}
	if fact.Links || fact.Loads != "" {
		pass.ExportPackageFact(&fact)
	}
	return nil, nil
}

// importedPkg returns the package an import spec imports.
func importedPkg(pass *analysis.Pass, spec *ast.ImportSpec) *types.Package {
	if pn, ok := pass.TypesInfo.Implicits[spec].(*types.PkgName); ok {
		return pn.Imported()
	}
	if spec.Name != nil {
		if pn, ok := pass.TypesInfo.Defs[spec.Name].(*types.PkgName); ok {
			return pn.Imported()
		}
	}
	return nil
}

// inTestFile reports whether pos is in a _test.go file.
func inTestFile(pass *analysis.Pass, pos token.Pos) bool {
	return strings.HasSuffix(pass.Fset.Position(pos).Filename, "_test.go")
}
