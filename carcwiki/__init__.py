"""carcwiki: a Carcassonne rules reference, final-scoring calculator and tile data API."""
