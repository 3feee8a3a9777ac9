//! Diagrams to SVG (in progress).
