package tiled

import (
	"bytes"
	"compress/gzip"
	"compress/zlib"
	"encoding/base64"
	"encoding/binary"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math"
	"path"
	"strconv"
	"strings"

	"github.com/gluekit/glue/modules/physics"
)

// go-tiled (github.com/lafriks/go-tiled) reads tilesets, objects,
// templates and properties well, but it sorts a map's layers by kind
// (losing the order Tiled draws them in), drops tint colours, and cannot
// decode infinite maps' chunks or zstd data. So Load first scans the
// file itself: the layer tree in document order, each layer's tint, and
// each tile layer's data, which it decodes here. go-tiled is then given
// the same file with every tile layer's data emptied (and the map's size
// set to 0×0 to match), and the two are paired by position: the k-th
// <layer> of a group here is the group's Layers[k] there. Layer offsets
// are read here too: Tiled saves a fractional one (offsetx="2.5") when a
// layer is dragged with snapping off, and go-tiled's are ints, so it is
// given them rounded.

// kind is the kind of a map layer.
type kind uint8

const (
	kindTiles kind = iota
	kindObjects
	kindImage
	kindGroup
)

// layerKinds name the kinds of layers in errors, as Load's others do.
var layerKinds = [...]string{kindTiles: "layer", kindObjects: "object layer", kindImage: "image layer", kindGroup: "group"}

// node is a layer of the map's layer tree, in document order.
type node struct {
	kind     kind
	name     string
	index    int    // its position among its parent's layers of its kind
	tint     string // the tintcolor attribute, "" if none
	offset   physics.Vec
	data     *layerData
	children []node // a group's layers
}

// layerData is a tile layer's <data> element.
type layerData struct {
	Encoding    string    `xml:"encoding,attr"`
	Compression string    `xml:"compression,attr"`
	Text        []byte    `xml:",chardata"`
	Tiles       []xmlTile `xml:"tile"`
	Chunks      []chunk   `xml:"chunk"`
}

// chunk is one chunk of an infinite map's tile layer.
type chunk struct {
	X      int       `xml:"x,attr"`
	Y      int       `xml:"y,attr"`
	Width  int       `xml:"width,attr"`
	Height int       `xml:"height,attr"`
	Text   []byte    `xml:",chardata"`
	Tiles  []xmlTile `xml:"tile"`
}

type xmlTile struct {
	GID uint32 `xml:"gid,attr"`
}

// scanned is what the scan read of a map file.
type scanned struct {
	infinite bool
	layers   []node
	forTMX   []byte // the file for go-tiled: tile layer data emptied
}

// scan reads the layer tree of a map file and rewrites the file for
// go-tiled.
func scan(src []byte) (*scanned, error) {
	src, texts := cutData(src, "data")
	src, chunkTexts := cutData(src, "chunk")
	d := xml.NewDecoder(bytes.NewReader(src))
	var out bytes.Buffer
	e := xml.NewEncoder(&out)
	s := &scanned{}
	// stack holds the open elements' names; groups the open layer
	// containers (the map, then nested groups).
	var stack []string
	groups := []*[]node{&s.layers}
	var counts []map[kind]int
	counts = append(counts, map[kind]int{})
	parent := func() string {
		if len(stack) == 0 {
			return ""
		}
		return stack[len(stack)-1]
	}
	for {
		tok, err := d.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, err
		}
		switch t := tok.(type) {
		case xml.StartElement:
			inLayers := parent() == "map" || parent() == "group"
			switch {
			case t.Name.Local == "map" && len(stack) == 0:
				t = t.Copy()
				for i, a := range t.Attr {
					switch a.Name.Local {
					case "infinite":
						s.infinite = a.Value == "1"
					case "width", "height":
						t.Attr[i].Value = "0"
					}
				}
			case inLayers && (t.Name.Local == "layer" || t.Name.Local == "objectgroup" || t.Name.Local == "imagelayer" || t.Name.Local == "group"):
				k := map[string]kind{"layer": kindTiles, "objectgroup": kindObjects, "imagelayer": kindImage, "group": kindGroup}[t.Name.Local]
				c := counts[len(counts)-1]
				n := node{kind: k, index: c[k]}
				c[k]++
				t = t.Copy()
				for _, a := range t.Attr {
					switch a.Name.Local {
					case "name":
						n.name = a.Value
					case "tintcolor":
						n.tint = a.Value
					}
				}
				for i, a := range t.Attr {
					if a.Name.Local != "offsetx" && a.Name.Local != "offsety" {
						continue
					}
					v, err := strconv.ParseFloat(strings.TrimSpace(a.Value), 64)
					if err != nil || math.IsInf(v, 0) || math.IsNaN(v) {
						return nil, fmt.Errorf("%s %q: %s %q is not a number of pixels; set it in the layer's properties in Tiled", layerKinds[k], n.name, a.Name.Local, a.Value)
					}
					if a.Name.Local == "offsetx" {
						n.offset.X = v
					} else {
						n.offset.Y = v
					}
					t.Attr[i].Value = strconv.FormatFloat(math.Round(v), 'f', -1, 64)
				}
				list := groups[len(groups)-1]
				*list = append(*list, n)
				if k == kindGroup {
					groups = append(groups, &(*list)[len(*list)-1].children)
					counts = append(counts, map[kind]int{})
				}
			case t.Name.Local == "data" && parent() == "layer":
				var ld layerData
				if err := d.DecodeElement(&ld, &t); err != nil {
					return nil, err
				}
				if k, ok := cutIndex(ld.Text); ok && k < len(texts) {
					ld.Text = texts[k]
				}
				for i := range ld.Chunks {
					if k, ok := cutIndex(ld.Chunks[i].Text); ok && k < len(chunkTexts) {
						ld.Chunks[i].Text = chunkTexts[k]
					}
				}
				list := groups[len(groups)-1]
				(*list)[len(*list)-1].data = &ld
				// An empty <data> in XML encoding: go-tiled decodes 0 tiles
				// for the 0×0 map.
				if err := e.EncodeToken(xml.StartElement{Name: t.Name}); err != nil {
					return nil, err
				}
				if err := e.EncodeToken(xml.EndElement{Name: t.Name}); err != nil {
					return nil, err
				}
				continue
			}
			stack = append(stack, t.Name.Local)
			tok = t
		case xml.ProcInst:
			// The <?xml ...?> declaration: the encoder accepts it only as
			// its very first token, and go-tiled does not need it.
			continue
		case xml.EndElement:
			if len(stack) > 0 {
				if stack[len(stack)-1] == "group" && len(groups) > 1 {
					groups = groups[:len(groups)-1]
					counts = counts[:len(counts)-1]
				}
				stack = stack[:len(stack)-1]
			}
		}
		if err := e.EncodeToken(xml.CopyToken(tok)); err != nil {
			return nil, err
		}
	}
	if err := e.Flush(); err != nil {
		return nil, err
	}
	s.forTMX = out.Bytes()
	return s, nil
}

// gids decodes n tile gids from a layer's (or chunk's) data.
func gids(ld *layerData, text []byte, tiles []xmlTile, n int, zstd func([]byte) ([]byte, error)) ([]uint32, error) {
	out := make([]uint32, 0, n)
	switch ld.Encoding {
	case "csv":
		var err error
		if out, err = csvGIDs(text, out); err != nil {
			return nil, err
		}
	case "base64":
		raw, err := base64.StdEncoding.DecodeString(strings.TrimSpace(string(text)))
		if err != nil {
			return nil, fmt.Errorf("base64 data: %v", err)
		}
		if raw, err = decompress(ld.Compression, raw, zstd); err != nil {
			return nil, err
		}
		if len(raw)%4 != 0 {
			return nil, fmt.Errorf("%s data of %d bytes is not a whole number of 4-byte gids", ld.Compression, len(raw))
		}
		for i := 0; i < len(raw); i += 4 {
			out = append(out, binary.LittleEndian.Uint32(raw[i:]))
		}
	case "":
		for _, t := range tiles {
			out = append(out, t.GID)
		}
	default:
		return nil, fmt.Errorf("encoding %q is not read; glue reads csv, base64 and XML (save the map with CSV in Tiled's map properties)", ld.Encoding)
	}
	if len(out) != n {
		return nil, fmt.Errorf("data holds %d tiles, want %d", len(out), n)
	}
	return out, nil
}

func decompress(method string, raw []byte, zstd func([]byte) ([]byte, error)) ([]byte, error) {
	var r io.Reader
	var err error
	switch method {
	case "":
		return raw, nil
	case "gzip":
		r, err = gzip.NewReader(bytes.NewReader(raw))
	case "zlib":
		r, err = zlib.NewReader(bytes.NewReader(raw))
	case "zstd":
		if zstd == nil {
			return nil, errors.New("compression \"zstd\" needs a decoder: set tiled.Plugin.Zstd (or LoadOptions.Zstd) to tiledzstd.Decompress (package modules/tiled/tiledzstd), or save the map with zlib or gzip")
		}
		out, err := zstd(raw)
		if err != nil {
			return nil, fmt.Errorf("zstd data: %v", err)
		}
		return out, nil
	default:
		return nil, fmt.Errorf("compression %q is not read; glue reads gzip, zlib and zstd", method)
	}
	if err != nil {
		return nil, fmt.Errorf("%s data: %v", method, err)
	}
	out, err := io.ReadAll(r)
	if err != nil {
		return nil, fmt.Errorf("%s data: %v", method, err)
	}
	return out, nil
}

// errOutside is the error of a path that leaves the file system's root.
var errOutside = errors.New("leaves the file system's root")

// rootFS is the map's file system as go-tiled sees it: paths cleaned,
// and a path that leaves the root (../tiles/x.png next to a map at the
// root) an error that says so and how to fix it.
type rootFS struct{ fs.FS }

func (r rootFS) Open(name string) (fs.File, error) {
	p, err := inFS(name)
	if err != nil {
		return nil, err
	}
	return r.FS.Open(p)
}

// inFS cleans a path made by joining a file's folder and a relative path
// (path.Join), and returns an error naming it if it leaves the root.
func inFS(p string) (string, error) {
	p = path.Clean(strings.ReplaceAll(p, "\\", "/"))
	if !fs.ValidPath(p) {
		return "", fmt.Errorf("%q is outside the file system (it %v); give tiled an FS rooted at a folder that holds the map and every file it uses — e.g. os.DirFS(\"assets\") with the map at \"maps/level.tmx\"", p, errOutside)
	}
	return p, nil
}

// csvGIDs appends the gids of CSV layer data to out: numbers separated
// by commas, with spaces and line breaks anywhere between them. It reads
// the bytes once, without strings.Split and strconv (a 200×200 layer is
// 40,000 numbers).
func csvGIDs(text []byte, out []uint32) ([]uint32, error) {
	i := 0
	for i < len(text) {
		c := text[i]
		if c == ',' || c == ' ' || c == '\n' || c == '\r' || c == '\t' {
			i++
			continue
		}
		start := i
		var v uint64
		for i < len(text) && text[i] >= '0' && text[i] <= '9' {
			v = v*10 + uint64(text[i]-'0')
			if v > math.MaxUint32 {
				break
			}
			i++
		}
		end := i
		for end < len(text) && text[end] != ',' && text[end] != '\n' {
			end++
		}
		if i == start || v > math.MaxUint32 || len(bytes.TrimSpace(text[i:end])) > 0 {
			return nil, fmt.Errorf("csv data: %q is not a tile gid", bytes.TrimSpace(text[start:end]))
		}
		out = append(out, uint32(v))
		i = end
	}
	return out, nil
}

// cutData takes the text of the elements named tag ("data", "chunk")
// that hold only text (CSV and base64 layer data) out of a map file
// before the XML decoder reads it: encoding/xml reads text a byte at a
// time, and a large map's layers are most of its bytes. Each text is
// replaced by "#k", its index in texts. Elements holding XML (<tile>,
// <chunk>) and an image's embedded <data> are left as they are.
func cutData(src []byte, tag string) (out []byte, texts [][]byte) {
	open, end := []byte("<"+tag), []byte("</"+tag+">")
	last := 0
	for i := 0; ; {
		j := bytes.Index(src[i:], open)
		if j < 0 {
			break
		}
		start := i + j
		i = start + len(open)
		if i < len(src) && src[i] != '>' && src[i] != ' ' && src[i] != '\t' && src[i] != '\n' && src[i] != '\r' {
			continue // <dataX...>
		}
		gt := bytes.IndexByte(src[i:], '>')
		if gt < 0 || src[i+gt-1] == '/' {
			continue
		}
		body := i + gt + 1
		n := bytes.Index(src[body:], end)
		if n < 0 {
			break
		}
		i = body + n
		if bytes.IndexByte(src[body:body+n], '<') >= 0 || inImage(src[:start]) {
			continue
		}
		if out == nil {
			out = make([]byte, 0, len(src)/8)
		}
		out = append(out, src[last:body]...)
		out = append(out, '#')
		out = strconv.AppendInt(out, int64(len(texts)), 10)
		texts = append(texts, src[body:body+n])
		last = body + n
	}
	if out == nil {
		return src, nil
	}
	return append(out, src[last:]...), texts
}

// inImage reports whether the last tag before a <data> element opens an
// <image> (an image embedded in a tileset).
func inImage(before []byte) bool {
	lt := bytes.LastIndexByte(before, '<')
	return lt >= 0 && bytes.HasPrefix(before[lt:], []byte("<image"))
}

// cutIndex reads the "#k" that cutData left in an element.
func cutIndex(text []byte) (int, bool) {
	t := bytes.TrimSpace(text)
	if len(t) < 2 || t[0] != '#' {
		return 0, false
	}
	k, err := strconv.Atoi(string(t[1:]))
	return k, err == nil
}
