package render

// SheetNamesForTest returns the frames' names (nil for a grid).
func SheetNamesForTest(s *Sheet) []string { return s.names }
