"""The catalogue: editions, expansions and their parts, bundles, and tile types."""
