package render

// focusReadEachTick: in the browser the focus is read every tick (the
// page's document.hasFocus and hidden, as Ebitengine reads them every
// frame when it pauses the game itself), so that a lost focus shows the
// pause notice (focus.go).
const focusReadEachTick = true
