"""The board builder: a page where players rebuild a finished table and score it."""
