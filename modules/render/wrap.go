package render

import "strings"

// WrapText breaks each line of s between words so that no line is wider
// than width, in logical pixels, drawn in style (MeasureText); a word
// wider than width stays whole on a line of its own. The lines s already
// has are kept, and runs of spaces between words become one. A message
// that must fit a field or a panel is wrapped with it before it is drawn.
func WrapText(s string, style TextStyle, width float64) string {
	var out strings.Builder
	for i, para := range strings.Split(s, "\n") {
		if i > 0 {
			out.WriteByte('\n')
		}
		line := ""
		for _, word := range strings.Fields(para) {
			try := word
			if line != "" {
				try = line + " " + word
			}
			if w, _ := MeasureText(try, style); w <= width || line == "" {
				line = try
				continue
			}
			out.WriteString(line)
			out.WriteByte('\n')
			line = word
		}
		out.WriteString(line)
	}
	return out.String()
}
