"""The one base of the named hand enums (:class:`rules.specials.Special`, :class:`rules.ladder.Pattern`): the
value is the §11 id, and each member has a traditional Chinese and an English name, given once per enum by
:func:`name_members`."""

from __future__ import annotations

from collections.abc import Mapping
from enum import StrEnum
from typing import TypeVar

_NAMES: dict[type, dict[StrEnum, tuple[str, str]]] = {}


class NamedHand(StrEnum):
    """A StrEnum of hands with an id and two names; subclasses list members, then call :func:`name_members`."""

    @property
    def id(self) -> str:
        """The §11 id (the value)."""
        return self.value

    @property
    def zh(self) -> str:
        """The traditional Chinese name."""
        return _NAMES[type(self)][self][0]

    @property
    def en(self) -> str:
        """The English name."""
        return _NAMES[type(self)][self][1]


H = TypeVar("H", bound=NamedHand)


def name_members(cls: type[H], zh: Mapping[H, str], en: Mapping[H, str]) -> None:
    """Give every member of ``cls`` its names; a member without one is a KeyError at import."""
    _NAMES[cls] = {member: (zh[member], en[member]) for member in cls}
