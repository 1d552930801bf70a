// Package render is a stand-in for modules/render with its image loaders,
// for gluepng's tests. Like the real one's native build (screenshots), it
// imports image/png, which does not link a decoder for the games.
package render

import (
	"image"
	_ "image/png"
	"io/fs"
)

type Image struct{}

type ImageLoad struct{}

type Aseprite struct{}

type AsepriteOptions struct{}

func LoadImage(fsys fs.FS, path string) (Image, error) {
	imgs, err := LoadImages(fsys, path)
	return imgs[0], err
}

func LoadImages(fsys fs.FS, paths ...string) ([]Image, error) { return nil, nil }

func LoadImagesAsync(fsys fs.FS, paths ...string) *ImageLoad { return nil }

func LoadAseprite(fsys fs.FS, file string) (*Aseprite, error) { return nil, nil }

func LoadAsepriteOptions(fsys fs.FS, file string, o *AsepriteOptions) (*Aseprite, error) {
	return nil, nil
}

func BakeAseprite(fsys fs.FS, file string) ([]byte, error) { return nil, nil }

func LoadBakedAseprite(fsys fs.FS, file string, o *AsepriteOptions) (*Aseprite, error) {
	return nil, nil
}

func NewImage(img image.Image) (Image, error) { return Image{}, nil }
