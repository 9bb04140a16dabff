"""Edition, expansions and rules."""

from __future__ import annotations

import functools
from collections.abc import Mapping
from typing import Any

from ..expansion import BASE, ExpansionRegistry
from ..messages import Listing, Message, add_templates
from ..problems import ErrorCode
from ..rules import DEFAULT_EDITION, Edition, RuleOption
from ..words import declared
from .base import ValidatorBase, default_in_play
from .text import show

add_templates({
    "error.unknown_rule": "Unknown rule {rule}; the rules are {rules}.",
    "error.invalid_type.edition_must_be_a_string": (
        "edition must be a string such as \"C3\", not {value}."),
    "error.invalid_type.expansions_must_be_a_list": (
        "expansions must be a list of expansion codes, not {value}."),
    "error.invalid_type.rules_must_be_an_object": "rules must be an object, not {rules}.",
    "error.unknown_edition.unknown_edition_use_c_c": (
        "Unknown edition {value}: use C1, C2 or C3."),
    "error.invalid_type.an_expansion_is_named_by": (
        "An expansion is named by its code (a string), not {code}."),
    "error.unknown_expansion.unknown_expansion_known_or_any": (
        "Unknown expansion {code}; known: {known} (or any part of these)."),
    "error.expansion_not_in_edition.does_not_exist_in": (
        "{part_name} does not exist in {edition_value}."),
    "error.invalid_type.must_be_true_or_false": "{key} must be true or false, not {value}.",
    "error.invalid_type.must_be_a_string_not": (
        "{key} must be a string ({describe_values}), not {value}."),
    "error.invalid_rule_value.cannot_be_use": (
        "{key} cannot be {value}: use {describe_values}."),
})


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
                       Message("error.invalid_type.edition_must_be_a_string", {
                           "value": show(value)}))
            return
        try:
            self.edition = Edition(value)
        except ValueError:
            self.edition = None
            self.error("edition", ErrorCode.UNKNOWN_EDITION,
                       Message("error.unknown_edition.unknown_edition_use_c_c", {
                           "value": show(value)}))

    def check_expansions(self, data: Mapping[str, Any]) -> None:
        value = data.get("expansions")
        edition = self.edition
        registry = self.registry
        if value is None:
            self.in_play = default_in_play(registry, edition or DEFAULT_EDITION)
            return
        if not isinstance(value, list):
            self.error("expansions", ErrorCode.INVALID_TYPE,
                       Message("error.invalid_type.expansions_must_be_a_list", {
                           "value": show(value)}))
            return
        codes: list[str] = []
        for index, code in enumerate(value):
            path = f"expansions[{index}]"
            if not isinstance(code, str):
                self.error(path, ErrorCode.INVALID_TYPE,
                           Message("error.invalid_type.an_expansion_is_named_by", {
                               "code": show(code)}))
                continue
            if code not in registry:
                # The base game's parts and every other whole expansion: naming each
                # part of every expansion would make the sentence too long to read.
                whole = {expansion.code for expansion in registry.expansions}
                known = Listing(tuple(
                    c for c in registry.codes
                    if c != BASE and (c in whole or registry.expansion_of(c).code == BASE)
                ))
                self.error(path, ErrorCode.UNKNOWN_EXPANSION,
                           Message("error.unknown_expansion.unknown_expansion_known_or_any", {
                               "code": show(code), "known": known}))
                continue
            part = registry[code]
            if edition is not None and edition.printing_of(part.editions) is None:
                self.error(path, ErrorCode.EXPANSION_NOT_IN_EDITION,
                           Message("error.expansion_not_in_edition.does_not_exist_in", {
                               "part_name": declared(f"part.{part.code}.capital",
                                                     part.name[:1].upper() + part.name[1:]),
                               "edition_value": edition.value}))
                continue
            codes.append(code)
        self.in_play = registry.in_play(tuple(codes))

    def check_rules(self, data: Mapping[str, Any]) -> None:
        rules = data.get("rules")
        if rules is None:
            return
        if type(rules) is not dict and not isinstance(rules, Mapping):
            self.error("rules", ErrorCode.INVALID_TYPE,
                       Message("error.invalid_type.rules_must_be_an_object", {
                           "rules": show(rules)}))
            return
        options = rule_options_by_name(self.registry)
        for key, value in rules.items():
            option = options.get(key) if isinstance(key, str) else None
            if option is None:
                shown = show(key)
                path_key = key if isinstance(key, str) and len(key) <= 40 else str(shown)
                self.error(f"rules.{path_key}", ErrorCode.UNKNOWN_RULE,
                           Message("error.unknown_rule", {"rule": shown,
                                                          "rules": Listing(tuple(options))}))
                continue
            if value is None or option.choice(value) is not None:
                continue
            path = f"rules.{key}"
            if option.is_switch:
                self.error(path, ErrorCode.INVALID_TYPE,
                           Message("error.invalid_type.must_be_true_or_false", {
                               "key": key, "value": show(value)}))
            elif not isinstance(value, str):
                self.error(path, ErrorCode.INVALID_TYPE,
                           Message("error.invalid_type.must_be_a_string_not", {
                               "key": key, "describe_values": Listing(tuple(
                                   str(choice.value) for choice in option.choices)),
                               "value": show(value)}))
            else:
                self.error(path, ErrorCode.INVALID_RULE_VALUE,
                           Message("error.invalid_rule_value.cannot_be_use", {
                               "key": key, "value": show(value),
                               "describe_values": Listing(tuple(
                                   str(choice.value) for choice in option.choices))}))
