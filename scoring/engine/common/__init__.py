"""Game rules that several expansions share and none owns: the scorers of roads, cities
and monasteries (:mod:`.scorers`), which the base game declares and expansions reuse, and
the river's course (:mod:`.riverbed`), laid by the base game's river and The River II,
and the volcano (:mod:`.volcano`) of The River II and The Princess & the Dragon.

Nothing here is an expansion: the registry finds expansions in
:mod:`scoring.engine.expansions` only.
"""
