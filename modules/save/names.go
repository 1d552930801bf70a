package save

// CheckName returns an error if name cannot name a save: it must be 1 to
// 64 letters, digits, '-', '_' and '.', not starting with '.'. Saves.Save
// and Saves.Load check the same; a plugin that takes a save's name as an
// option checks it at Build with CheckName.
func CheckName(name string) error { return checkName(name) }
