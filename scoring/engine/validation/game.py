"""Edition, expansions and rules."""

from __future__ import annotations

import functools
from collections.abc import Mapping
from typing import Any

from ..expansion import BASE, ExpansionRegistry
from ..problems import ErrorCode
from ..rules import DEFAULT_EDITION, Edition, RuleOption
from .base import ValidatorBase, default_in_play
from .text import capital, show


@functools.lru_cache(maxsize=64)
def rule_options_by_name(registry: ExpansionRegistry) -> dict[str, RuleOption]:
    """Every rule a request may set, by its key in ``rules``."""
    return {option.name: option for option in registry.rule_options}


class GameChecks(ValidatorBase):
    """Edition, expansions and rules."""

    def check_edition(self, data: Mapping[str, Any]) -> None:
        value = data.get("edition")
        if value is None:
            return
        if not isinstance(value, str):
            self.edition = None
            self.error("edition", ErrorCode.INVALID_TYPE,
                       f"edition must be a string such as \"C3\", not {show(value)}.")
            return
        try:
            self.edition = Edition(value)
        except ValueError:
            self.edition = None
            self.error("edition", ErrorCode.UNKNOWN_EDITION,
                       f"Unknown edition {show(value)}: use C1, C2 or C3.")

    def check_expansions(self, data: Mapping[str, Any]) -> None:
        value = data.get("expansions")
        edition = self.edition
        registry = self.registry
        if value is None:
            self.in_play = default_in_play(registry, edition or DEFAULT_EDITION)
            return
        if not isinstance(value, list):
            self.error("expansions", ErrorCode.INVALID_TYPE,
                       f"expansions must be a list of expansion codes, not {show(value)}.")
            return
        codes: list[str] = []
        for index, code in enumerate(value):
            path = f"expansions[{index}]"
            if not isinstance(code, str):
                self.error(path, ErrorCode.INVALID_TYPE,
                           f"An expansion is named by its code (a string), not {show(code)}.")
                continue
            if code not in registry:
                # The base game's parts and every other whole expansion: naming each
                # part of every expansion would make the sentence too long to read.
                whole = {expansion.code for expansion in registry.expansions}
                known = ", ".join(
                    c for c in registry.codes
                    if c != BASE and (c in whole or registry.expansion_of(c).code == BASE)
                )
                self.error(path, ErrorCode.UNKNOWN_EXPANSION,
                           f"Unknown expansion {show(code)}; known: {known} "
                           "(or any part of these).")
                continue
            part = registry[code]
            if edition is not None and edition.printing_of(part.editions) is None:
                self.error(path, ErrorCode.EXPANSION_NOT_IN_EDITION,
                           f"{capital(part.name)} does not exist in {edition.value}.")
                continue
            codes.append(code)
        self.in_play = registry.in_play(tuple(codes))

    def check_rules(self, data: Mapping[str, Any]) -> None:
        rules = data.get("rules")
        if rules is None:
            return
        if type(rules) is not dict and not isinstance(rules, Mapping):
            self.error("rules", ErrorCode.INVALID_TYPE,
                       f"rules must be an object, not {show(rules)}.")
            return
        options = rule_options_by_name(self.registry)
        for key, value in rules.items():
            option = options.get(key) if isinstance(key, str) else None
            if option is None:
                shown = show(key)
                path_key = key if isinstance(key, str) and len(key) <= 40 else shown
                self.error(f"rules.{path_key}", ErrorCode.UNKNOWN_RULE,
                           f"Unknown rule {shown}; the rules are "
                           + ", ".join(options) + ".")
                continue
            if value is None or option.choice(value) is not None:
                continue
            path = f"rules.{key}"
            if option.is_switch:
                self.error(path, ErrorCode.INVALID_TYPE,
                           f"{key} must be true or false, not {show(value)}.")
            elif not isinstance(value, str):
                self.error(path, ErrorCode.INVALID_TYPE,
                           f"{key} must be a string ({option.describe_values()}), "
                           f"not {show(value)}.")
            else:
                self.error(path, ErrorCode.INVALID_RULE_VALUE,
                           f"{key} cannot be {show(value)}: use {option.describe_values()}.")
