package decoders // want package:`png\(links=true loads=""\)`

// Package decoders imports the image decoders a program needs.

import _ "image/png"
